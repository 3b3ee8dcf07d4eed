//! Scratch buffers, pooled by role and power-of-two size class: separable intermediates, the
//! reduced images of two-step resizes and the staging tensors of texture resizes.
//!
//! One buffer per role and class serves every resize: the passes of one queue run in order and
//! wgpu places barriers between them, so two resizes never use the same scratch at once, and
//! the roles keep the buffers of one resize apart.

use std::collections::HashMap;
use std::sync::Mutex;

/// What a scratch buffer holds within one resize.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ScratchRole {
    /// Between the two passes of the separable path.
    Intermediate,
    /// The reduced image between the two stages of a two-step resize.
    Reduced,
    /// A source texture copied into the tensor the kernels read.
    TextureInput,
    /// The kernels' output on its way to a target texture.
    TextureOutput,
    /// That output's rows padded for a copy into the target texture.
    TextureRows,
}

#[derive(Default)]
pub(crate) struct ScratchPool {
    buffers: Mutex<HashMap<(ScratchRole, u64), wgpu::Buffer>>,
}

impl ScratchPool {
    /// A storage buffer of at least `bytes` bytes; `max_size` is the device's buffer limit.
    pub(crate) fn acquire(
        &self,
        device: &wgpu::Device,
        role: ScratchRole,
        bytes: u64,
        max_size: u64,
    ) -> wgpu::Buffer {
        let class = bytes.max(256).next_power_of_two();
        let class = if class > max_size {
            bytes.next_multiple_of(4)
        } else {
            class
        };
        let mut buffers = self.buffers.lock().unwrap_or_else(|e| e.into_inner());
        buffers
            .entry((role, class))
            .or_insert_with(|| {
                device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("wgpu-resize scratch"),
                    size: class,
                    // Texture outputs and their padded rows are copied into targets.
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                    mapped_at_creation: false,
                })
            })
            .clone()
    }

    /// Number of scratch buffers held.
    pub(crate) fn len(&self) -> usize {
        self.buffers.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}
