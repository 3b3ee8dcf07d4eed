//! Typed errors: one small enum per operation, each variant saying what was wrong and what is
//! allowed.

/// A resize request that cannot be described: returned before any GPU work.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// A dimension is zero.
    #[error("{what} is 0; every dimension must be at least 1")]
    ZeroDimension {
        /// Which dimension.
        what: &'static str,
    },
    /// A dimension exceeds [`crate::spec::MAX_DIMENSION`].
    #[error("{what} is {value}; the largest allowed is {max}")]
    DimensionTooLarge {
        /// Which dimension.
        what: &'static str,
        /// Its value.
        value: u32,
        /// The limit.
        max: u32,
    },
    /// A tensor has more elements than 32-bit shader indices can address.
    #[error("the {what} tensor has {elements} elements; at most {max} are supported")]
    TooManyElements {
        /// Which tensor.
        what: &'static str,
        /// Its element count.
        elements: u64,
        /// The limit.
        max: u64,
    },
    /// A numeric parameter is out of its range.
    #[error("{what} is {value}; allowed: {allowed}")]
    InvalidParameter {
        /// Which parameter.
        what: &'static str,
        /// Its value.
        value: f64,
        /// What is allowed.
        allowed: &'static str,
    },
    /// A stated scale that does not give the output size: the output must be `input × scale`
    /// rounded down, to nearest or up, as every library that takes a scale computes it.
    #[error(
        "the {axis} scale {scale} resizes {input} pixels to {product}, not {output}: a stated \
         scale is output over input, and the output size must be input x scale rounded down, \
         to nearest or up (for a zoom into part of the image, give a crop region instead)"
    )]
    ScaleMismatch {
        /// `"y"` or `"x"`.
        axis: &'static str,
        /// The stated scale.
        scale: f64,
        /// The input size along the axis.
        input: u32,
        /// `input × scale`.
        product: f64,
        /// The output size along the axis.
        output: u32,
    },
    /// A combination this library does not implement.
    #[error("unsupported: {0}")]
    Unsupported(String),
}

/// A resize that could not be recorded or run on the GPU.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ResizeError {
    /// The spec itself is invalid.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A host slice has the wrong number of elements for the spec.
    #[error("{which} has {got} elements; the spec needs exactly {expected}")]
    WrongLength {
        /// `"input"` or `"output"`.
        which: &'static str,
        /// Elements the spec needs.
        expected: usize,
        /// Elements given.
        got: usize,
    },
    /// A GPU buffer is smaller than the spec needs.
    #[error("{which} buffer holds {got} bytes past its offset; the spec needs {needed}")]
    BufferTooSmall {
        /// `"input"` or `"output"`.
        which: &'static str,
        /// Bytes needed.
        needed: u64,
        /// Bytes available.
        got: u64,
    },
    /// A GPU buffer lacks a usage flag the resize needs.
    #[error("{which} buffer lacks usage {needed:?}")]
    MissingUsage {
        /// `"input"` or `"output"`.
        which: &'static str,
        /// The flags needed.
        needed: wgpu::BufferUsages,
    },
    /// A buffer offset is not aligned as storage bindings require.
    #[error("{which} buffer offset {offset} is not a multiple of {alignment}")]
    MisalignedOffset {
        /// `"input"` or `"output"`.
        which: &'static str,
        /// The offset given.
        offset: u64,
        /// The device's storage buffer offset alignment.
        alignment: u64,
    },
    /// A texture cannot take part in a resize as given: its format, usage, size or dimension.
    #[error("{which} texture: {why}")]
    Texture {
        /// `"source"` or `"target"`.
        which: &'static str,
        /// What is wrong and what is allowed.
        why: String,
    },
    /// A tensor is larger than the device can bind or allocate.
    #[error("{what} needs {needed} bytes; this device allows at most {limit} ({limit_name})")]
    ExceedsDeviceLimit {
        /// Which resource.
        what: &'static str,
        /// Bytes (or count) needed.
        needed: u64,
        /// The device's limit.
        limit: u64,
        /// The name of the `wgpu::Limits` field.
        limit_name: &'static str,
    },
    /// The path asked for cannot run this spec.
    #[error("path {path} cannot run this spec: {why}")]
    PathUnavailable {
        /// The path asked for.
        path: &'static str,
        /// Why not.
        why: String,
    },
    /// An argument other than the spec, a buffer or a texture is outside what the call takes.
    #[error("{which}: {why}")]
    Argument {
        /// The argument's name.
        which: &'static str,
        /// What is wrong and what is allowed.
        why: String,
    },
    /// wgpu reported a validation or out-of-memory error while recording or creating resources.
    #[error("wgpu error: {0}")]
    Gpu(String),
    /// Reading the result back failed.
    #[error(transparent)]
    Readback(#[from] ReadbackError),
}

/// Copying a GPU buffer back to the host failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadbackError {
    /// The requested range is not within the buffer, or not 4-byte aligned.
    #[error("range {offset}..{end} is not a 4-byte-aligned range inside a buffer of {size} bytes")]
    BadRange {
        /// Start of the range.
        offset: u64,
        /// End of the range.
        end: u64,
        /// Buffer size.
        size: u64,
    },
    /// The buffer lacks `COPY_SRC`.
    #[error("the buffer lacks usage COPY_SRC, so it cannot be read back")]
    NotCopySource,
    /// Mapping the staging buffer failed.
    #[error("mapping the staging buffer failed: {0}")]
    Map(#[from] wgpu::BufferAsyncError),
    /// The mapped range could not be viewed.
    #[error("viewing the mapped range failed: {0}")]
    MapRange(String),
    /// Waiting for the device failed (device lost or timed out).
    #[error("waiting for the device failed: {0}")]
    Poll(#[from] wgpu::PollError),
    /// The map callback never ran.
    #[error("the map callback was dropped without an answer")]
    Dropped,
}

/// No adapter or device could be had (tools and tests only: the library itself never creates one).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AdapterError {
    /// No adapter matched.
    #[error(
        "no GPU adapter found{0}; on a machine without a GPU install Mesa's lavapipe (apt-get install mesa-vulkan-drivers)"
    )]
    NoAdapter(String),
    /// The adapter refused the device request.
    #[error("requesting a device failed: {0}")]
    RequestDevice(#[from] wgpu::RequestDeviceError),
    /// `WGPU_BACKEND` or a feature switch named something unknown.
    #[error("{0}")]
    BadEnvironment(String),
}
