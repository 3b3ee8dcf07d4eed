//! Host element types that a resize reads and writes.

use crate::spec::ElementType;

/// A host element type with a GPU storage form: `f32`, `half::f16` or `u8`.
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

impl Element for half::f16 {
    const TYPE: ElementType = ElementType::F16;
    fn to_f64(self) -> f64 {
        self.to_f64()
    }
    fn from_f64(value: f64) -> Self {
        half::f16::from_f64(value)
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

/// `len` bytes that no resize of `element` writes as a result: 0xA5 for u8 (a value, but one
/// that a whole output rarely takes), and a quiet NaN in every slot for floats.
pub fn poison_bytes(element: ElementType, len: u64) -> Vec<u8> {
    let pattern: &[u8] = match element {
        ElementType::U8 => &[0xA5],
        ElementType::F16 => &half::f16::NAN.to_bits().to_le_bytes(),
        _ => &f32::NAN.to_bits().to_le_bytes(),
    };
    pattern.iter().copied().cycle().take(len as usize).collect()
}
