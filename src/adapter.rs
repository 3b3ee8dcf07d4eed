//! Adapter and device creation for tools, tests and benchmarks. The library proper never creates
//! a device; this helper is what `wgresize` and the test suite use.
//!
//! Environment:
//! - `WGPU_BACKEND`: `vulkan`, `gl`, `metal`, `dx12` (comma-separated), as wgpu reads it.
//! - `WGPU_ADAPTER_NAME`: a case-insensitive substring of the adapter's name.
//! - `WGPU_RESIZE_DISABLE_FEATURES`: comma-separated optional features not to request
//!   (`timestamp`, `shader-f16`), to test the fallbacks.

use crate::error::AdapterError;

/// A device created for a tool or test, with the adapter it came from.
pub struct GpuContext {
    /// The instance (kept alive with the device).
    pub instance: wgpu::Instance,
    /// The chosen adapter.
    pub adapter: wgpu::Adapter,
    /// The device, with the adapter's own limits and the optional features it has.
    pub device: wgpu::Device,
    /// The device's queue.
    pub queue: wgpu::Queue,
}

/// Optional features the library uses when an adapter has them.
pub const OPTIONAL_FEATURES: [(&str, wgpu::Features); 2] = [
    ("timestamp", wgpu::Features::TIMESTAMP_QUERY),
    ("shader-f16", wgpu::Features::SHADER_F16),
];

/// Options of [`GpuContext::request`].
#[derive(Clone, Debug, Default)]
pub struct ContextOptions {
    /// Optional features not to request even where the adapter has them. Default: none.
    pub withheld_features: wgpu::Features,
    /// Limits to request instead of the adapter's own. Default: the adapter's.
    pub limits: Option<wgpu::Limits>,
}

impl GpuContext {
    /// Creates an instance, picks an adapter as the environment says and requests a device with
    /// the adapter's limits and optional features, blocking.
    pub fn from_env() -> Result<Self, AdapterError> {
        pollster::block_on(Self::from_env_async())
    }

    /// [`GpuContext::from_env`] as a future.
    pub async fn from_env_async() -> Result<Self, AdapterError> {
        Self::request(ContextOptions::default()).await
    }

    /// As [`GpuContext::from_env`], with options: how the tests show that every fallback
    /// and every limit check works.
    pub async fn request(options: ContextOptions) -> Result<Self, AdapterError> {
        check_backend_names()?;
        let instance = instance_from_env();
        let adapter = pick_adapter(&instance).await?;
        let disabled = disabled_features()?;
        let wanted = OPTIONAL_FEATURES
            .iter()
            .filter(|(name, _)| !disabled.contains(name))
            .fold(wgpu::Features::empty(), |acc, (_, f)| acc | *f)
            - options.withheld_features;
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("wgpu-resize"),
                required_features: adapter.features() & wanted,
                required_limits: options.limits.unwrap_or_else(|| adapter.limits()),
                ..Default::default()
            })
            .await?;
        Ok(GpuContext {
            instance,
            adapter,
            device,
            queue,
        })
    }

    /// One line naming the adapter and backend.
    pub fn describe(&self) -> String {
        describe(&self.adapter.get_info())
    }

    /// Whether the device can time passes with timestamp queries.
    pub fn has_timestamps(&self) -> bool {
        self.device
            .features()
            .contains(wgpu::Features::TIMESTAMP_QUERY)
    }

    /// The usages a texture of `format` may have on this device, as wgpu validates them: the
    /// adapter's own where the device was created with
    /// `TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES` or the adapter is downlevel (its formats
    /// short of WebGPU's: GL on llvmpipe renders into no `rgba32float`), else those every device
    /// with its features guarantees. Either list alone can be wrong: the adapter can list more
    /// than a WebGPU device accepts (Vulkan drivers allow storage on `r8unorm`), and the
    /// guaranteed list more than a downlevel device has; a texture with either's extra usages
    /// fails validation.
    pub fn texture_usages(&self, format: wgpu::TextureFormat) -> wgpu::TextureUsages {
        let features = self.device.features();
        let adapter_specific =
            features.contains(wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES);
        let downlevel = !self
            .adapter
            .get_downlevel_capabilities()
            .flags
            .contains(wgpu::DownlevelFlags::WEBGPU_TEXTURE_FORMAT_SUPPORT);
        if adapter_specific || downlevel {
            self.adapter
                .get_texture_format_features(format)
                .allowed_usages
        } else {
            format.guaranteed_format_features(features).allowed_usages
        }
    }
}

/// An instance on the backends `WGPU_BACKEND` names (all by default).
pub fn instance_from_env() -> wgpu::Instance {
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
    descriptor.backends = wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all());
    descriptor.flags = wgpu::InstanceFlags::from_build_config().with_env();
    wgpu::Instance::new(descriptor)
}

/// `"<name> (<backend>, <type>, <driver> <driver info>)"`.
pub fn describe(info: &wgpu::AdapterInfo) -> String {
    format!(
        "{} ({:?}, {:?}, {} {})",
        info.name, info.backend, info.device_type, info.driver, info.driver_info
    )
}

async fn pick_adapter(instance: &wgpu::Instance) -> Result<wgpu::Adapter, AdapterError> {
    let backends = wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all());
    if let Ok(wanted) = std::env::var("WGPU_ADAPTER_NAME") {
        let wanted = wanted.to_lowercase();
        let adapters = instance.enumerate_adapters(backends).await;
        let names: Vec<String> = adapters
            .iter()
            .map(|a| {
                let info = a.get_info();
                format!("{} ({:?})", info.name, info.backend)
            })
            .collect();
        return adapters
            .into_iter()
            .find(|a| a.get_info().name.to_lowercase().contains(&wanted))
            .ok_or_else(|| {
                AdapterError::NoAdapter(format!(
                    " named like {wanted:?} among {names:?} on backends {}",
                    backend_names(backends)
                ))
            });
    }
    instance
        .request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::from_env()
                .unwrap_or(wgpu::PowerPreference::HighPerformance),
            force_fallback_adapter: false,
            compatible_surface: None,
            apply_limit_buckets: false,
        })
        .await
        .map_err(|e| {
            AdapterError::NoAdapter(format!(" on backends {} ({e})", backend_names(backends)))
        })
}

/// `backends` as `WGPU_BACKEND` names them (`vulkan, gl, metal, …`).
fn backend_names(backends: wgpu::Backends) -> String {
    let names: Vec<String> = backends
        .iter_names()
        .map(|(name, _)| name.to_lowercase())
        .collect();
    names.join(", ")
}

/// `WGPU_BACKEND`'s names, which wgpu reads leniently: a list of which it knows none would
/// select no backend, and the search for an adapter would then fail as if the machine had no
/// GPU.
fn check_backend_names() -> Result<(), AdapterError> {
    let Ok(list) = std::env::var("WGPU_BACKEND") else {
        return Ok(());
    };
    if list.trim().is_empty() || !wgpu::Backends::from_comma_list(&list).is_empty() {
        return Ok(());
    }
    Err(AdapterError::BadEnvironment(format!(
        "WGPU_BACKEND is {list:?}, which names no backend; known: vulkan, gl, metal, dx12, \
         webgpu (comma-separated)"
    )))
}

fn disabled_features() -> Result<Vec<&'static str>, AdapterError> {
    let Ok(list) = std::env::var("WGPU_RESIZE_DISABLE_FEATURES") else {
        return Ok(Vec::new());
    };
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|name| {
            OPTIONAL_FEATURES
                .iter()
                .find(|(known, _)| *known == name)
                .map(|(known, _)| *known)
                .ok_or_else(|| {
                    AdapterError::BadEnvironment(format!(
                        "WGPU_RESIZE_DISABLE_FEATURES names {name:?}; known: {:?}",
                        OPTIONAL_FEATURES.map(|(n, _)| n)
                    ))
                })
        })
        .collect()
}
