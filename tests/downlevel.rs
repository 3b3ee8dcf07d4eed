//! The kernels run within `wgpu::Limits::downlevel_defaults()` (storage buffers per stage,
//! workgroup size, no workgroup memory): a device created with exactly those limits resizes
//! correctly on every path.

mod common;

use common::Rng;
use wgpu_resize::adapter::ContextOptions;
use wgpu_resize::{
    ElementType, GpuContext, Layout, Path, ResizeSpec, Resizer, Size2, compare, presets, reference,
};

#[test]
fn downlevel_default_limits_suffice() {
    if common::gpu("downlevel").is_none() {
        return;
    }
    let context = pollster::block_on(GpuContext::request(ContextOptions {
        limits: Some(wgpu::Limits::downlevel_defaults()),
        ..Default::default()
    }))
    .expect("a device with downlevel default limits");
    let resizer = Resizer::new(&context.device, &context.queue).unwrap();
    let lanczos = presets::pillow(
        Size2::new(37, 29),
        Size2::new(11, 40),
        presets::PillowFilter::Lanczos,
    );
    let specs = [
        ResizeSpec::builder(Size2::new(20, 30), Size2::new(45, 13))
            .channels(4)
            .build()
            .unwrap(),
        ResizeSpec::builder(Size2::new(20, 30), Size2::new(45, 13))
            .channels(3)
            .layout(Layout::Nchw)
            .build()
            .unwrap(),
        lanczos.channels(4).build().unwrap(),
        lanczos
            .channels(3)
            .element(ElementType::U8)
            .build()
            .unwrap(),
    ];
    for (k, spec) in specs.iter().enumerate() {
        for path in [Path::Gather, Path::Separable] {
            let report = if spec.element() == ElementType::U8 {
                let data = Rng::new(k as u64).u8s(spec.input_len());
                let got = resizer.resize(spec, &data, path).unwrap();
                compare(&got, &reference::resize(spec, &data).unwrap())
            } else {
                let data = Rng::new(k as u64).f32s(spec.input_len());
                let got = resizer.resize(spec, &data, path).unwrap();
                compare(&got, &reference::resize(spec, &data).unwrap())
            };
            let tolerance = if spec.element() == ElementType::U8 {
                1.0
            } else {
                2e-5
            };
            assert!(report.within(tolerance), "{spec:?} {path}: {report}");
        }
    }
}
