//! The continuous 1-D filter kernels behind [`crate::spec::Filter`], evaluated at a distance in
//! (possibly widened) input pixels. Each matches the formula of the library that defines it.

use crate::spec::Filter;
use std::f64::consts::PI;

/// Support radius of the kernel at scale 1: taps with `|distance| >= support` weigh nothing.
pub(crate) fn support(filter: &Filter) -> f64 {
    match *filter {
        Filter::Nearest(_) | Filter::Area(_) => 0.5,
        Filter::Box => 0.5,
        Filter::Linear | Filter::Hamming => 1.0,
        Filter::Cubic { .. } => 2.0,
        Filter::Lanczos { lobes } => lobes as f64,
        Filter::MagicKernelSharp2013 => 2.5,
        Filter::MagicKernelSharp2021 => 4.5,
    }
}

/// The kernel's weight at `x` input pixels from the sample point.
pub(crate) fn evaluate(filter: &Filter, x: f64) -> f64 {
    match *filter {
        // Half-open as Pillow's box: a tap exactly half a pixel to the right is in, to the left out.
        Filter::Box | Filter::Nearest(_) | Filter::Area(_) => {
            if x > -0.5 && x <= 0.5 {
                1.0
            } else {
                0.0
            }
        }
        Filter::Linear => (1.0 - x.abs()).max(0.0),
        Filter::Hamming => {
            let x = x.abs();
            if x == 0.0 {
                1.0
            } else if x >= 1.0 {
                0.0
            } else {
                let px = x * PI;
                px.sin() / px * (0.54 + 0.46 * px.cos())
            }
        }
        Filter::Cubic { a } => cubic(x, a),
        Filter::Lanczos { lobes } => {
            let n = lobes as f64;
            if x.abs() >= n {
                0.0
            } else {
                sinc(x) * sinc(x / n)
            }
        }
        Filter::MagicKernelSharp2013 => magic_kernel_sharp_2013(x),
        Filter::MagicKernelSharp2021 => magic_kernel_sharp_2021(x),
    }
}

/// Magic Kernel Sharp 2013, piecewise quadratic, as Pillow 13 writes it (`mks_2013_filter` in
/// its Resample.c; <https://johncostella.com/magic/>).
fn magic_kernel_sharp_2013(x: f64) -> f64 {
    let x = x.abs();
    if x < 0.5 {
        17.0 / 16.0 - 7.0 / 4.0 * (x * x)
    } else if x < 1.5 {
        (1.0 - x) * (7.0 / 4.0 - x)
    } else if x < 2.5 {
        -1.0 / 8.0 * ((x - 5.0 / 2.0) * (x - 5.0 / 2.0))
    } else {
        0.0
    }
}

/// Magic Kernel Sharp 2021, piecewise quadratic, as Pillow 13 writes it (`mks_2021_filter`).
fn magic_kernel_sharp_2021(x: f64) -> f64 {
    let x = x.abs();
    if x < 0.5 {
        577.0 / 576.0 - 239.0 / 144.0 * (x * x)
    } else if x < 1.5 {
        35.0 / 36.0 * (x - 1.0) * (x - 239.0 / 140.0)
    } else if x < 2.5 {
        1.0 / 6.0 * (x - 2.0) * (65.0 / 24.0 - x)
    } else if x < 3.5 {
        1.0 / 36.0 * (x - 3.0) * (x - 15.0 / 4.0)
    } else if x < 4.5 {
        -1.0 / 288.0 * ((x - 9.0 / 2.0) * (x - 9.0 / 2.0))
    } else {
        0.0
    }
}

/// Keys' cubic convolution kernel with coefficient `a`.
fn cubic(x: f64, a: f64) -> f64 {
    let x = x.abs();
    if x < 1.0 {
        ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0
    } else if x < 2.0 {
        (((x - 5.0) * x + 8.0) * x - 4.0) * a
    } else {
        0.0
    }
}

/// sin(πx)/(πx), exactly 0 at non-zero integers: `sin(kπ)` in floating point is about 1e-16,
/// which would give every integer tap of a lanczos band a weight that is not zero. A row whose
/// centre lies on an input sample (an axis kept at its size, an integer phase) is then the
/// identity, as OpenCV's lanczos4 makes it, and its band trims to one tap instead of carrying
/// 2·lobes - 1 near-zero taps through every pass.
fn sinc(x: f64) -> f64 {
    if x == 0.0 {
        1.0
    } else if x.fract() == 0.0 {
        0.0
    } else {
        let px = x * PI;
        px.sin() / px
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolating_kernels_are_one_at_zero_and_zero_at_integers() {
        for filter in [
            Filter::Linear,
            Filter::Cubic { a: -0.5 },
            Filter::Cubic { a: -0.75 },
            Filter::Lanczos { lobes: 3 },
            Filter::Lanczos { lobes: 4 },
            Filter::Hamming,
        ] {
            assert_eq!(evaluate(&filter, 0.0), 1.0, "{filter:?}");
            for k in 1..=support(&filter) as i32 {
                assert_eq!(evaluate(&filter, k as f64), 0.0, "{filter:?} at {k}");
                assert_eq!(evaluate(&filter, -k as f64), 0.0, "{filter:?} at -{k}");
            }
        }
    }

    #[test]
    fn kernels_are_symmetric() {
        for filter in [
            Filter::Linear,
            Filter::Cubic { a: -0.75 },
            Filter::Lanczos { lobes: 3 },
            Filter::Hamming,
            Filter::MagicKernelSharp2013,
            Filter::MagicKernelSharp2021,
        ] {
            for i in 0..40 {
                let x = i as f64 * 0.073;
                assert_eq!(
                    evaluate(&filter, x),
                    evaluate(&filter, -x),
                    "{filter:?} {x}"
                );
            }
        }
    }

    #[test]
    fn box_is_half_open() {
        assert_eq!(evaluate(&Filter::Box, -0.5), 0.0);
        assert_eq!(evaluate(&Filter::Box, 0.5), 1.0);
    }

    #[test]
    fn cubic_partition_of_unity() {
        // Keys' cubic reproduces constants for any `a`: weights at integer offsets sum to 1.
        for a in [-0.5, -0.75, -1.0] {
            for i in 0..10 {
                let t = i as f64 / 10.0;
                let sum: f64 = (-1..=2).map(|k| cubic(t - k as f64, a)).sum();
                assert!((sum - 1.0).abs() < 1e-12, "a={a} t={t} sum={sum}");
            }
        }
    }

    /// The magic kernels reproduce constants (their weights at integer offsets sum to 1 at every
    /// phase), are continuous at the joins of their pieces, and vanish at their support; at
    /// their centre they weigh more than 1 (the sharpening), so neither is interpolating.
    #[test]
    fn magic_kernels_sum_to_one_and_join_continuously() {
        for (filter, centre) in [
            (Filter::MagicKernelSharp2013, 17.0 / 16.0),
            (Filter::MagicKernelSharp2021, 577.0 / 576.0),
        ] {
            assert_eq!(evaluate(&filter, 0.0), centre, "{filter:?}");
            let reach = support(&filter);
            for i in 0..20 {
                let t = i as f64 / 20.0;
                let sum: f64 = (-5..=5).map(|k| evaluate(&filter, t - k as f64)).sum();
                assert!((sum - 1.0).abs() < 1e-12, "{filter:?} t={t} sum={sum}");
            }
            let mut join = 0.5;
            while join < reach {
                let (below, above) = (evaluate(&filter, join - 1e-9), evaluate(&filter, join));
                assert!((below - above).abs() < 1e-7, "{filter:?} at {join}");
                join += 1.0;
            }
            assert!(evaluate(&filter, reach - 1e-9).abs() < 1e-12, "{filter:?}");
            assert_eq!(evaluate(&filter, reach), 0.0, "{filter:?}");
        }
    }
}
