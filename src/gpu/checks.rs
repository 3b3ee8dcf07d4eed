//! Checks of the caller's buffers and of tensor sizes against the device's limits, each failure
//! a typed [`ResizeError`] that says what was wrong and what is allowed.

use super::Resizer;
use crate::error::ResizeError;

impl Resizer {
    /// Checks that `input` and `output` can be bound as tensors of `input_bytes` and
    /// `output_bytes` ([`check_slice`] with this device's storage offset alignment) and lie in
    /// different buffers; `path` names the path in the error if they do not.
    pub(super) fn check_ends(
        &self,
        input: wgpu::BufferSlice<'_>,
        input_bytes: u64,
        output: wgpu::BufferSlice<'_>,
        output_bytes: u64,
        path: &'static str,
    ) -> Result<(), ResizeError> {
        let alignment = self.device.limits().min_storage_buffer_offset_alignment as u64;
        check_slice("input", input, input_bytes, alignment)?;
        check_slice("output", output, output_bytes, alignment)?;
        if input.buffer() == output.buffer() {
            return Err(ResizeError::PathUnavailable {
                path,
                why: "input and output must be different buffers".into(),
            });
        }
        Ok(())
    }
}

/// Checks that `slice` can be bound as a storage tensor of `needed` bytes: usage, offset
/// alignment (`alignment`: the device's `min_storage_buffer_offset_alignment`) and size.
pub(super) fn check_slice(
    which: &'static str,
    slice: wgpu::BufferSlice<'_>,
    needed: u64,
    alignment: u64,
) -> Result<(), ResizeError> {
    if !slice.buffer().usage().contains(wgpu::BufferUsages::STORAGE) {
        return Err(ResizeError::MissingUsage {
            which,
            needed: wgpu::BufferUsages::STORAGE,
        });
    }
    if !slice.offset().is_multiple_of(alignment) {
        return Err(ResizeError::MisalignedOffset {
            which,
            offset: slice.offset(),
            alignment,
        });
    }
    if slice.size() < needed {
        return Err(ResizeError::BufferTooSmall {
            which,
            needed,
            got: slice.size(),
        });
    }
    Ok(())
}

/// Checks that an input and an output of these sizes can be bound on a device with `limits`;
/// returns the largest storage binding it allows.
pub(super) fn check_tensor_sizes(
    limits: &wgpu::Limits,
    input_bytes: u64,
    output_bytes: u64,
) -> Result<u64, ResizeError> {
    let max_binding = max_binding(limits);
    check_limit("input", input_bytes, max_binding)?;
    check_limit("output", output_bytes, max_binding)?;
    Ok(max_binding)
}

/// The largest storage buffer a device of `limits` can bind whole.
pub(crate) fn max_binding(limits: &wgpu::Limits) -> u64 {
    limits
        .max_storage_buffer_binding_size
        .min(limits.max_buffer_size)
}

/// Checks that a storage buffer of `bytes` fits `limit` (see [`max_binding`]); `what` names it
/// in the error.
pub(crate) fn check_limit(what: &'static str, bytes: u64, limit: u64) -> Result<(), ResizeError> {
    if bytes > limit {
        return Err(ResizeError::ExceedsDeviceLimit {
            what,
            needed: bytes,
            limit,
            limit_name: "max_storage_buffer_binding_size",
        });
    }
    Ok(())
}
