//! The CPU reference resize: the plain f64 twin of the GPU paths, used as the test oracle.
//!
//! It applies the same [`AxisWeights`] tables, horizontal pass first (the order in which
//! [`ResizeSpec::round_intermediate`] rounds), accumulating in f64.

use crate::element::Element;
use crate::error::ResizeError;
use crate::spec::{Layout, ResizeSpec, Size2};
use crate::weights::AxisWeights;

/// Strides of a 4-D tensor in elements, by logical axis.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Strides {
    pub n: usize,
    pub c: usize,
    pub y: usize,
    pub x: usize,
}

impl Strides {
    pub(crate) fn new(layout: Layout, channels: u32, size: Size2) -> Self {
        let (c, h, w) = (channels as usize, size.height as usize, size.width as usize);
        match layout {
            Layout::Nhwc => Strides {
                n: h * w * c,
                c: 1,
                y: w * c,
                x: c,
            },
            Layout::Nchw => Strides {
                n: c * h * w,
                c: h * w,
                y: w,
                x: 1,
            },
        }
    }

    fn at(&self, n: usize, c: usize, y: usize, x: usize) -> usize {
        n * self.n + c * self.c + y * self.y + x * self.x
    }
}

/// Resizes `input` on the CPU as `spec` says. `input.len()` must be `spec.input_len()`.
pub fn resize<T: Element>(spec: &ResizeSpec, input: &[T]) -> Result<Vec<T>, ResizeError> {
    if input.len() != spec.input_len() {
        return Err(ResizeError::WrongLength {
            which: "input",
            expected: spec.input_len(),
            got: input.len(),
        });
    }
    let (wy, wx) = AxisWeights::for_spec(spec);
    let (n, c) = (spec.batch() as usize, spec.channels() as usize);
    let (inp, out) = (spec.input(), spec.output());
    let mid_size = Size2::new(inp.height, out.width);
    let s_in = Strides::new(spec.layout(), spec.channels(), inp);
    let s_mid = Strides::new(spec.layout(), spec.channels(), mid_size);
    let s_out = Strides::new(spec.layout(), spec.channels(), out);

    // Horizontal pass into an f64 intermediate of shape [n, in_h, out_w, c].
    let mut mid = vec![0.0f64; n * c * mid_size.height as usize * mid_size.width as usize];
    for b in 0..n {
        for ch in 0..c {
            for y in 0..inp.height as usize {
                for ox in 0..out.width as usize {
                    let start = wx.start(ox) as usize;
                    let acc: f64 = wx
                        .row(ox)
                        .iter()
                        .enumerate()
                        .map(|(k, w)| w * input[s_in.at(b, ch, y, start + k)].to_f64())
                        .sum();
                    let acc = if spec.round_intermediate() {
                        T::from_f64(acc).to_f64()
                    } else {
                        acc
                    };
                    mid[s_mid.at(b, ch, y, ox)] = acc;
                }
            }
        }
    }

    // Vertical pass into the output.
    let extrapolated = T::from_f64(spec.extrapolation_value() as f64);
    let mut output = vec![T::from_f64(0.0); spec.output_len()];
    for b in 0..n {
        for ch in 0..c {
            for oy in 0..out.height as usize {
                let start = wy.start(oy) as usize;
                for ox in 0..out.width as usize {
                    output[s_out.at(b, ch, oy, ox)] = if wy.is_outside(oy) || wx.is_outside(ox) {
                        extrapolated
                    } else {
                        let acc: f64 = wy
                            .row(oy)
                            .iter()
                            .enumerate()
                            .map(|(k, w)| w * mid[s_mid.at(b, ch, start + k, ox)])
                            .sum();
                        T::from_f64(acc)
                    };
                }
            }
        }
    }
    Ok(output)
}
