//! 8-bit arithmetic that only the gather path reproduces: a library's own integer or f32
//! steps per output, which no pair of separable passes rounds alike.
//!
//! OpenCV's fixed point ([`OpenCvFixedPoint`]) and ONNX Runtime's plain `linear` on uint8
//! tensors ([`OnnxLinearU8`]) both take two taps an axis from tables padded past the input's
//! ends (`AxisWeights::opencv_*`, `AxisWeights::onnx_linear`), whose padded indices the
//! kernels clamp into the input; they differ in how the taps' products are summed and rounded
//! (`GATHER_ARITHMETIC` in `wgsl/common.wgsl` takes one code for each).

use crate::spec::OpenCvFixedPoint;

/// How ONNX Runtime's CPU `Resize` computes plain (not antialiased) `linear` on uint8 tensors,
/// which [`crate::presets::onnx`] reproduces to the byte ([`crate::ResizeSpec::onnx_linear_u8`]).
/// Which one runs depends on the tensor's layout, as ONNX Runtime picks its kernel by which
/// scales are 1: `[1, 1, h, w]` is an NCHW resize, `[1, h, w, 1]` with `h ≠ 1` an NHWC one.
/// Both truncate where a rounding resize would round, so about half of the values of a
/// random image are one level below those of a resize rounded to nearest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OnnxLinearU8 {
    /// NHWC tensors whose height changes (`NhwcUpsampleBilinearInteger`): each axis' f32
    /// coordinate times 1024 truncated to an integer, the weights of its two inputs that
    /// integer's distance from each (in units of 2^-10, summing to 1024), the four products of
    /// a 2 x 2 block's bytes and both axes' weights summed exactly, and the sum shifted right
    /// by 20 bits.
    Integer,
    /// NCHW tensors (`UpsampleBilinear`): each axis' f32 weights, each output the four
    /// products `(wx · wy) · byte` of its 2 x 2 block summed in f32 in ONNX Runtime's order
    /// (top left, top right, bottom left, bottom right) and truncated toward zero. An axis
    /// kept at its size takes weights 1 and 0, and 1/2 and 1/2 at its last index, whose
    /// two halves round on their own.
    Float,
    /// NHWC tensors whose height is kept: ONNX Runtime takes their scales `[1, 1, w, 1]` for an
    /// NCHW resize, of planes one image row each, the width their rows and the channels
    /// their columns (at scale 1). [`OnnxLinearU8::Float`]'s arithmetic on those planes: the
    /// last channel's two taps of 1/2 on itself round on their own.
    FloatAcrossChannels,
}

/// The arithmetic of a resize that runs on the gather path alone, in a library's own steps
/// ([`crate::ResizeSpec::gather_arithmetic`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum GatherArithmetic {
    /// OpenCV's 8-bit fixed point.
    OpenCv(OpenCvFixedPoint),
    /// ONNX Runtime's plain linear on uint8.
    OnnxLinear(OnnxLinearU8),
}

impl GatherArithmetic {
    /// What it is, for messages.
    pub(crate) fn name(self) -> &'static str {
        match self {
            GatherArithmetic::OpenCv(_) => "OpenCV's 8-bit fixed point",
            GatherArithmetic::OnnxLinear(_) => "ONNX Runtime's plain linear on uint8",
        }
    }

    /// Bits of the integer weights the kernels read (`fixed_weight` in `wgsl/common.wgsl`),
    /// `None` where they read f32 weights.
    pub(crate) fn weight_bits(self) -> Option<u32> {
        match self {
            GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact) => Some(8),
            GatherArithmetic::OpenCv(_) => Some(11),
            GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer) => Some(10),
            GatherArithmetic::OnnxLinear(_) => None,
        }
    }

    /// The kernels' code for it (`GATHER_ARITHMETIC` in `wgsl/common.wgsl`).
    pub(crate) fn code(self) -> u32 {
        match self {
            // The enlarging area rule rounds as INTER_LINEAR, its coefficients in its table.
            GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear | OpenCvFixedPoint::AreaUpscale) => 1,
            GatherArithmetic::OpenCv(OpenCvFixedPoint::Lanczos4) => 2,
            GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact) => 3,
            GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer) => 4,
            GatherArithmetic::OnnxLinear(OnnxLinearU8::Float) => 5,
            GatherArithmetic::OnnxLinear(OnnxLinearU8::FloatAcrossChannels) => 6,
        }
    }

    /// Whether its horizontal table may be folded onto the input (`fold_opencv_padding`):
    /// where the rows sum in integers, exactly, two taps on one clamped index are one tap of
    /// their summed weight; in ONNX Runtime's f32 steps they are not.
    pub(crate) fn folds_columns(self) -> bool {
        self.weight_bits().is_some()
    }
}

/// A value as ONNX Runtime's uint8 kernels store it where no input is read (an extrapolated
/// output): `static_cast<uint8_t>(value)`, which x86-64 compiles to a truncating conversion
/// to a 32-bit integer and keeps its low byte. NaN and values past the 32-bit range convert
/// to `i32::MIN`, whose low byte is 0.
pub(crate) fn onnx_runtime_byte(value: f32) -> u8 {
    let integer = if value.is_nan() || value.abs() >= 2_147_483_648.0 {
        i32::MIN
    } else {
        value.trunc() as i32
    };
    integer as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn onnx_runtime_bytes_truncate_and_wrap_as_its_cast_does() {
        // What ONNX Runtime 1.32 stored for these extrapolation values on uint8 tensors.
        for (value, byte) in [
            (12.7, 12),
            (300.7, 44),
            (-3.5, 253),
            (255.9, 255),
            (256.0, 0),
            (-0.5, 0),
        ] {
            assert_eq!(onnx_runtime_byte(value), byte, "{value}");
        }
        assert_eq!(onnx_runtime_byte(f32::NAN), 0);
        assert_eq!(onnx_runtime_byte(3.0e9), 0);
    }

    #[test]
    fn onnx_specs_of_bytes_cast_their_extrapolation_value_as_onnx_runtime() {
        use crate::presets::{self, OnnxCoordinates, OnnxMode, OnnxResize};
        use crate::{ElementType, Size2};
        // ONNX Runtime 1.32 stored 44 for 300.7 in nearest, plain and antialiased linear and
        // antialiased cubic alike, on NCHW and NHWC tensors.
        for (mode, antialias) in [
            (OnnxMode::Nearest, false),
            (OnnxMode::Linear, false),
            (OnnxMode::Linear, true),
            (OnnxMode::Cubic, true),
        ] {
            let node = OnnxResize {
                mode,
                antialias,
                coordinates: OnnxCoordinates::TfCropAndResize,
                extrapolation_value: 300.7,
                ..OnnxResize::default()
            };
            let builder = presets::onnx(Size2::new(8, 8), Size2::new(3, 3), &node).unwrap();
            let bytes = builder.element(ElementType::U8).build().unwrap();
            assert_eq!(bytes.extrapolation_value(), 44.0, "{mode:?} {antialias}");
            assert_eq!(bytes.extrapolation_of(2), 44.0, "{mode:?} {antialias}");
            let floats = builder.build().unwrap();
            assert_eq!(floats.extrapolation_value(), 300.7, "{mode:?} {antialias}");
        }
    }

    #[test]
    fn colours_that_cast_to_one_byte_are_one_value() {
        use crate::presets::{self, OnnxCoordinates, OnnxResize};
        use crate::{ElementType, Size2};
        let node = OnnxResize {
            coordinates: OnnxCoordinates::TfCropAndResize,
            ..OnnxResize::default()
        };
        let builder = presets::onnx(Size2::new(8, 8), Size2::new(3, 3), &node)
            .unwrap()
            .channels(3);
        // 300.7, 44.2 and 44.9 are all 44 to ONNX Runtime's uint8 kernels: one fill.
        let same_byte = builder.extrapolation_values(&[300.7, 44.2, 44.9]);
        let bytes = same_byte.element(ElementType::U8).build().unwrap();
        assert!(!bytes.extrapolation_varies_by_channel());
        assert!(same_byte.build().unwrap().extrapolation_varies_by_channel());
        let other_byte = builder.extrapolation_values(&[300.7, 44.2, 45.0]);
        let bytes = other_byte.element(ElementType::U8).build().unwrap();
        assert!(bytes.extrapolation_varies_by_channel());
        assert_eq!(bytes.extrapolation_of(2), 45.0);
    }

    #[test]
    fn integer_weights_fold_and_f32_steps_do_not() {
        let integer = GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer);
        assert_eq!(integer.weight_bits(), Some(10));
        assert!(integer.folds_columns());
        for float in [OnnxLinearU8::Float, OnnxLinearU8::FloatAcrossChannels] {
            let float = GatherArithmetic::OnnxLinear(float);
            assert_eq!(float.weight_bits(), None);
            assert!(!float.folds_columns());
        }
        let codes: std::collections::BTreeSet<u32> = [
            GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear),
            GatherArithmetic::OpenCv(OpenCvFixedPoint::Lanczos4),
            GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact),
            integer,
            GatherArithmetic::OnnxLinear(OnnxLinearU8::Float),
            GatherArithmetic::OnnxLinear(OnnxLinearU8::FloatAcrossChannels),
        ]
        .map(GatherArithmetic::code)
        .into();
        assert_eq!(codes.len(), 6, "one code each: {codes:?}");
    }
}
