//! Captures wgpu validation and out-of-memory errors of a block of work as a [`ResizeError`]
//! instead of leaving them to the device's uncaptured-error handler (which panics by default).

use crate::error::ResizeError;

/// Runs `work` inside validation and out-of-memory error scopes and returns the first error.
pub(crate) fn capture<R>(
    device: &wgpu::Device,
    work: impl FnOnce() -> R,
) -> Result<R, ResizeError> {
    let out_of_memory = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
    let validation = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let result = work();
    // Scopes pop in reverse order of pushing. On native backends the futures are ready at once.
    let validation_error = pollster::block_on(validation.pop());
    let memory_error = pollster::block_on(out_of_memory.pop());
    match validation_error.or(memory_error) {
        Some(error) => Err(ResizeError::Gpu(error.to_string())),
        None => Ok(result),
    }
}
