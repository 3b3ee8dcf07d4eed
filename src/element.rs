//! Host element types that a resize reads and writes.

use crate::spec::ElementType;

/// A host element type with a GPU storage form: `f32` or `u8`.
pub trait Element: bytemuck::Pod + Send + Sync + std::fmt::Debug + 'static {
    /// The matching [`ElementType`].
    const TYPE: ElementType;
    /// The value as f64.
    fn to_f64(self) -> f64;
    /// The nearest representable value: f32 rounds to nearest, u8 rounds half up and clamps to
    /// `0..=255` (as the GPU paths store it).
    fn from_f64(value: f64) -> Self;
}

impl Element for f32 {
    const TYPE: ElementType = ElementType::F32;
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(value: f64) -> Self {
        value as f32
    }
}

impl Element for u8 {
    const TYPE: ElementType = ElementType::U8;
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(value: f64) -> Self {
        (value + 0.5).floor().clamp(0.0, 255.0) as u8
    }
}
