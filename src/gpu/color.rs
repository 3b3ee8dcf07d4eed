//! Which colour conversions a pass applies around its taps (linear light, premultiplied
//! alpha), as the pipeline constant `COLOR_STEPS` of `wgsl/common.wgsl`.
//!
//! The steps are compiled into each pipeline rather than read from the parameter block: with
//! a flag tested per load, the driver did not batch a band's loads across the branches, and
//! Pillow's RGBA lanczos3 4K -> 1080p (premultiplied f32) took 211 µs fused where the same
//! kernel with the conversion compiled out took 89 (H200; BENCHMARKS.md tuning log item 99).

use crate::spec::ResizeSpec;

/// The colour conversions a kernel applies: bits of `COLOR_STEPS` in `wgsl/common.wgsl`. A
/// pipeline constant, so every combination is its own pipeline and the plain resize compiles
/// none of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColorSteps(u32);

impl ColorSteps {
    /// No conversion: values go to the taps as stored.
    pub const NONE: ColorSteps = ColorSteps(0);
    /// sRGB-decode colour on load (to linear light).
    pub const DECODE_SRGB: ColorSteps = ColorSteps(1);
    /// Premultiply colour by alpha on load, in floats.
    pub const PREMULTIPLY: ColorSteps = ColorSteps(2);
    /// sRGB-encode colour on store.
    pub const ENCODE_SRGB: ColorSteps = ColorSteps(4);
    /// Divide colour by alpha on store, in floats.
    pub const UNPREMULTIPLY: ColorSteps = ColorSteps(8);
    /// Pillow's 8-bit RGBA rule on load: colour rounded to `round(c·a/255)`.
    pub const PREMULTIPLY_8_BIT: ColorSteps = ColorSteps(16);
    /// Pillow's 8-bit RGBA rule on store: `floor(255·c/a)` of the rounded values, except
    /// where alpha is 0 or 255.
    pub const UNPREMULTIPLY_8_BIT: ColorSteps = ColorSteps(32);

    /// The steps of both: `self` and `other` together.
    pub const fn with(self, other: ColorSteps) -> ColorSteps {
        ColorSteps(self.0 | other.0)
    }

    /// Whether any conversion is applied.
    pub fn any(self) -> bool {
        self != ColorSteps::NONE
    }

    /// The bits as the pipeline constant reads them.
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The steps of `pass` of `spec`: those on load in its first pass, those on store in its
    /// last. A stage of a two-step resize converts at its own end alone
    /// ([`ResizeSpec::color_ends`]).
    pub(crate) fn of(spec: &ResizeSpec, pass: PassColor) -> ColorSteps {
        let on = |yes: bool, steps: ColorSteps| if yes { steps } else { ColorSteps::NONE };
        if !spec.converts_color() {
            return ColorSteps::NONE;
        }
        let (load, store) = spec.color_ends();
        let pass = PassColor {
            on_load: pass.on_load && load,
            on_store: pass.on_store && store,
        };
        if spec.premultiplies_in_8_bits() {
            return on(pass.on_load, ColorSteps::PREMULTIPLY_8_BIT)
                .with(on(pass.on_store, ColorSteps::UNPREMULTIPLY_8_BIT));
        }
        let (linear, premultiplied) = (spec.linear_light(), spec.premultiplied_alpha());
        on(pass.on_load && linear, ColorSteps::DECODE_SRGB)
            .with(on(pass.on_load && premultiplied, ColorSteps::PREMULTIPLY))
            .with(on(pass.on_store && linear, ColorSteps::ENCODE_SRGB))
            .with(on(
                pass.on_store && premultiplied,
                ColorSteps::UNPREMULTIPLY,
            ))
    }
}

/// Which ends of a resize a pass holds: the conversions on load belong to the first pass, those
/// on store to the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PassColor {
    pub on_load: bool,
    pub on_store: bool,
}

impl PassColor {
    /// Both ends: a single-pass resize.
    pub const WHOLE: PassColor = PassColor {
        on_load: true,
        on_store: true,
    };
    /// The first of two passes.
    pub const FIRST: PassColor = PassColor {
        on_load: true,
        on_store: false,
    };
    /// The second of two passes.
    pub const SECOND: PassColor = PassColor {
        on_load: false,
        on_store: true,
    };

    /// The stored value of colour 1.0 on load and on store of this pass of `spec`: 255 for u8
    /// where floats are converted, 1 otherwise, and 1 at an intermediate, which holds 0..1
    /// values.
    pub(crate) fn units(self, spec: &ResizeSpec) -> (f32, f32) {
        if !spec.converts_color() || spec.premultiplies_in_8_bits() {
            return (1.0, 1.0);
        }
        let unit = spec.color_unit() as f32;
        let at = |end: bool| if end { unit } else { 1.0 };
        (at(self.on_load), at(self.on_store))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{ElementType, Filter, ResizeSpecBuilder, Size2};

    fn builder(element: ElementType, linear: bool, premultiplied: bool) -> ResizeSpecBuilder {
        ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
            .channels(4)
            .element(element)
            .filter(Filter::Linear)
            .linear_light(linear)
            .premultiplied_alpha(premultiplied)
    }

    fn spec(element: ElementType, linear: bool, premultiplied: bool) -> ResizeSpec {
        builder(element, linear, premultiplied).build().unwrap()
    }

    #[test]
    fn each_pass_takes_the_steps_of_its_ends() {
        let both = spec(ElementType::F32, true, true);
        let load = ColorSteps::DECODE_SRGB.with(ColorSteps::PREMULTIPLY);
        let store = ColorSteps::ENCODE_SRGB.with(ColorSteps::UNPREMULTIPLY);
        assert_eq!(ColorSteps::of(&both, PassColor::FIRST), load);
        assert_eq!(ColorSteps::of(&both, PassColor::SECOND), store);
        assert_eq!(ColorSteps::of(&both, PassColor::WHOLE), load.with(store));
        let premultiplied = spec(ElementType::F32, false, true);
        assert_eq!(
            ColorSteps::of(&premultiplied, PassColor::WHOLE),
            ColorSteps::PREMULTIPLY.with(ColorSteps::UNPREMULTIPLY)
        );
        let linear = spec(ElementType::U8, true, false);
        assert_eq!(
            ColorSteps::of(&linear, PassColor::FIRST),
            ColorSteps::DECODE_SRGB
        );
        assert_eq!(linear_units(&linear), [(255.0, 1.0), (1.0, 255.0)]);
        let plain = spec(ElementType::U8, false, false);
        assert!(!ColorSteps::of(&plain, PassColor::WHOLE).any());
        assert_eq!(linear_units(&plain), [(1.0, 1.0), (1.0, 1.0)]);
        // Pillow's 8-bit RGBA: its own rule in integers, on stored bytes.
        let pillow = builder(ElementType::U8, false, true)
            .round_intermediate(true)
            .build()
            .unwrap();
        assert_eq!(
            ColorSteps::of(&pillow, PassColor::FIRST),
            ColorSteps::PREMULTIPLY_8_BIT
        );
        assert_eq!(
            ColorSteps::of(&pillow, PassColor::SECOND),
            ColorSteps::UNPREMULTIPLY_8_BIT
        );
        assert_eq!(linear_units(&pillow), [(1.0, 1.0), (1.0, 1.0)]);
    }

    fn linear_units(spec: &ResizeSpec) -> [(f32, f32); 2] {
        [PassColor::FIRST.units(spec), PassColor::SECOND.units(spec)]
    }
}
