//! Lab: what `encode_mipmaps` takes on a 4K RGBA texture (wall µs per chain, 20 chains back to
//! back, median of 5), against its first level alone and against the same first level between
//! buffers. Tuning log item 131; item 136 runs it on the u8 area and bilinear chains only.
use wgpu_resize::{
    AreaRule, ElementType, Filter, GpuContext, Path, ResizeSpec, Resizer, Size2, TextureImage,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("{}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let base = Size2::new(2160, 3840);
    let levels = 12;
    let chains = 20;
    let time = |record: &dyn Fn(&mut wgpu::CommandEncoder)| {
        let run = || {
            let mut encoder = device.create_command_encoder(&Default::default());
            for _ in 0..chains {
                record(&mut encoder);
            }
            let start = std::time::Instant::now();
            queue.submit([encoder.finish()]);
            device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            start.elapsed().as_secs_f64() * 1e6 / chains as f64
        };
        run();
        let mut v: Vec<f64> = (0..5).map(|_| run()).collect();
        v.sort_by(f64::total_cmp);
        v[2]
    };
    for (name, filter, antialias) in [
        (
            "area (2x2 mean)",
            Filter::Area(AreaRule::AdaptiveAverage),
            false,
        ),
        ("bilinear", Filter::Linear, false),
    ] {
        for format in [wgpu::TextureFormat::Rgba8Unorm] {
            let element = if format == wgpu::TextureFormat::Rgba8Unorm {
                ElementType::U8
            } else {
                ElementType::F32
            };
            let texture = device.create_texture(&wgpu::TextureDescriptor {
                label: None,
                size: wgpu::Extent3d {
                    width: base.width,
                    height: base.height,
                    depth_or_array_layers: 1,
                },
                mip_level_count: levels,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
                view_formats: &[],
            });
            let template = ResizeSpec::builder(base, base)
                .channels(4)
                .element(element)
                .filter(filter)
                .antialias(antialias)
                .build()?;
            let chain = time(&|e| {
                resizer
                    .encode_mipmaps(e, &texture, &template, Path::Auto)
                    .unwrap();
            });
            let first_spec = template
                .to_builder()
                .sizes(base, Size2::new(1080, 1920))
                .build()?;
            let (from, to) = (
                TextureImage::at(&texture, 0, 0),
                TextureImage::at(&texture, 1, 0),
            );
            let first = time(&|e| {
                resizer
                    .encode_texture_images(e, &first_spec, &from, &to, Path::Auto)
                    .unwrap();
            });
            // Buffers of the texture's bytes: u8, or f16 for `rgba16float`.
            let buffer_element = match element {
                ElementType::U8 => ElementType::U8,
                _ => ElementType::F16,
            };
            let spec = first_spec.to_builder().element(buffer_element).build()?;
            let make = |bytes| {
                device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: bytes,
                    usage: wgpu::BufferUsages::STORAGE,
                    mapped_at_creation: false,
                })
            };
            let (input, output) = (make(spec.input_bytes()), make(spec.output_bytes()));
            let buffers = time(&|e| {
                resizer
                    .encode(e, &spec, &input, &output, Path::Auto)
                    .unwrap();
            });
            println!(
                "{name:22} {format:?}: chain of {levels} levels {chain:8.1} µs, first level alone \
                 {first:7.1}, the same between buffers ({buffer_element:?}) {buffers:7.1}"
            );
        }
    }
    Ok(())
}
