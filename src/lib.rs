#![doc = include_str!("../README.md")]

pub mod adapter;
pub mod bench;
pub mod conformance;
pub mod crop;
pub mod element;
pub mod error;
pub mod extrapolation;
pub mod gather_arithmetic;
pub mod gpu;
mod kernels;
pub mod normalization;
pub mod npy;
pub mod padding;
pub mod plan;
pub mod presets;
pub mod readback;
pub mod reduction;
pub mod reference;
pub mod spec;
pub mod timing;
pub mod tune;
pub mod video;
pub mod weights;

pub use adapter::GpuContext;
pub use crop::CropBox;
pub use element::Element;
pub use error::{AdapterError, ReadbackError, ResizeError, SpecError};
pub use gather_arithmetic::OnnxLinearU8;
pub use gpu::{CropBatch, PassKernel, Resizer, ResizerStats, TextureImage, TextureWrite};
pub use normalization::Normalization;
pub use padding::Padding;
pub use plan::{Path, Plan, PlanSource};
pub use readback::{ErrorReport, compare, read_buffer, read_buffer_async};
pub use reduction::Reduction;
pub use spec::{
    AreaRule, AxisResample, Border, CoordinateArithmetic, CoordinateMapping, ElementType, Filter,
    Layout, NearestRule, OpenCvFixedPoint, ResizeSpec, ResizeSpecBuilder, RoundingOrder, Size2,
};
pub use video::{ChromaSiting, PlaneFormat, VideoSpec};
pub use weights::AxisWeights;
