//! Proptest strategies shared by the property tests: every filter, mapping and axis rule a
//! spec can hold, in the ranges where they mean something.

use proptest::prelude::*;
use wgpu_resize::{
    AreaRule, AxisResample, Border, CoordinateArithmetic, CoordinateMapping, CropBox, Filter,
    NearestRule,
};

/// Every nearest-neighbour rule.
pub fn nearest_rule() -> impl Strategy<Value = NearestRule> {
    prop_oneof![
        Just(NearestRule::Floor),
        Just(NearestRule::Ceil),
        Just(NearestRule::RoundPreferFloor),
        Just(NearestRule::RoundPreferCeil),
        Just(NearestRule::TorchLegacy),
        Just(NearestRule::TorchExact),
        Just(NearestRule::PillowAffine),
        Just(NearestRule::OpenCvNearest),
        Just(NearestRule::OpenCvNearestExact),
    ]
}

/// Every filter, with the cubic coefficient and the lanczos lobes in their meaningful ranges.
pub fn filter() -> impl Strategy<Value = Filter> {
    prop_oneof![
        nearest_rule().prop_map(Filter::Nearest),
        Just(Filter::Linear),
        (-1.5f64..0.5).prop_map(|a| Filter::Cubic { a }),
        Just(Filter::Box),
        Just(Filter::Hamming),
        (1u32..=8).prop_map(|lobes| Filter::Lanczos { lobes }),
        Just(Filter::MagicKernelSharp2013),
        Just(Filter::MagicKernelSharp2021),
        Just(Filter::Area(AreaRule::AdaptiveAverage)),
        Just(Filter::Area(AreaRule::Coverage)),
        Just(Filter::Area(AreaRule::OpenCvUpscale)),
    ]
}

/// Every coordinate mapping; crops within or around the axis, regions inside the input
/// (`len` input pixels).
pub fn mapping(len: u32) -> impl Strategy<Value = CoordinateMapping> {
    let len = len as f64;
    prop_oneof![
        Just(CoordinateMapping::HalfPixel),
        Just(CoordinateMapping::HalfPixelSymmetric),
        Just(CoordinateMapping::PytorchHalfPixel),
        Just(CoordinateMapping::AlignCorners),
        Just(CoordinateMapping::Asymmetric),
        (-0.5f64..1.5, -0.5f64..1.5)
            .prop_map(|(start, end)| CoordinateMapping::TfCropAndResize { start, end }),
        (0.0..1.0f64, 0.0..1.0f64).prop_map(move |(a, b)| {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            CoordinateMapping::Region {
                start: lo * len,
                end: (hi * len).max(lo * len + 0.25),
            }
        }),
    ]
}

/// One axis's rule over an input of `len` pixels: any filter, mapping, border and arithmetic,
/// antialiased or not, with or without a stated scale: one that gives `out` as `len × scale`
/// rounded down (as PyTorch's `scale_factor` does) or up, so off `out / len` by under a pixel.
pub fn axis(len: u32, out: u32) -> impl Strategy<Value = AxisResample> {
    (
        filter(),
        mapping(len),
        any::<bool>(),
        prop_oneof![Just(Border::Clamp), Just(Border::Renormalize)],
        prop_oneof![
            Just(None),
            (-0.999f64..0.999).prop_map(move |f| Some((out as f64 + f) / len as f64))
        ],
        prop_oneof![
            Just(CoordinateArithmetic::F64),
            Just(CoordinateArithmetic::F32)
        ],
    )
        .prop_map(|(filter, mapping, antialias, border, scale, arithmetic)| {
            // The area rules take the half-pixel mapping or a crop region, and a spec refuses
            // the others (tests/errors.rs): drawn here as specs that run.
            let mapping = match (filter, mapping) {
                (Filter::Area(_), CoordinateMapping::Region { .. }) => mapping,
                (Filter::Area(_), _) => CoordinateMapping::HalfPixel,
                _ => mapping,
            };
            let mut axis = AxisResample::default()
                .with_filter(filter)
                .with_mapping(mapping)
                .with_antialias(antialias)
                .with_border(border)
                .with_scale(scale);
            axis.arithmetic = arithmetic;
            axis
        })
}

/// A crop box of `images` source images over an `h × w` input: fractions of the axes for
/// `tf_crop_and_resize` templates (any order, so flipped boxes too, and now and then far
/// outside), or pixel regions for `Region` templates (inside, across an edge, or outside).
pub fn crop_box(images: u32, h: u32, w: u32, pixels: bool) -> BoxedStrategy<CropBox> {
    let image = 0..images;
    if pixels {
        let (h, w) = (h as f64, w as f64);
        (image, -2.0..h, -2.0..w, 0.25..(h + 2.0), 0.25..(w + 2.0))
            .prop_map(|(image, top, left, height, width)| {
                CropBox::new(image, [top, left, top + height, left + width])
            })
            .boxed()
    } else {
        let fraction = prop_oneof![8 => -0.5f64..1.5, 1 => -1e6f64..1e6];
        (
            image,
            [
                fraction.clone(),
                fraction.clone(),
                fraction.clone(),
                fraction,
            ],
        )
            .prop_map(|(image, corners)| CropBox::new(image, corners))
            .boxed()
    }
}

/// The whole-input mapping of a crop-batch template whose boxes are pixel regions (`Region`) or
/// fractions of the axes (`TfCropAndResize`); each box then names its own.
pub fn crop_mapping(pixels: bool) -> CoordinateMapping {
    if pixels {
        CoordinateMapping::Region {
            start: 0.0,
            end: 1.0,
        }
    } else {
        CoordinateMapping::TfCropAndResize {
            start: 0.0,
            end: 1.0,
        }
    }
}
