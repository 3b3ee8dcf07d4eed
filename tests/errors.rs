//! Bad input is a typed error with a message, never a panic, and never touches the GPU.

mod common;

use wgpu::util::DeviceExt;
use wgpu_resize::adapter::ContextOptions;
use wgpu_resize::{
    AxisResample, Border, CoordinateMapping, Filter, Path, ResizeError, ResizeSpec, Resizer, Size2,
    SpecError, reference,
};

fn spec(input: Size2, output: Size2) -> ResizeSpec {
    ResizeSpec::builder(input, output)
        .channels(4)
        .build()
        .unwrap()
}

#[test]
fn zero_and_absurd_sizes_are_spec_errors() {
    let err = ResizeSpec::builder(Size2::new(0, 4), Size2::new(2, 2))
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::ZeroDimension {
                what: "input height"
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("at least 1"));

    let err = ResizeSpec::builder(Size2::new(4, 4), Size2::new(2, 2))
        .channels(0)
        .build()
        .unwrap_err();
    assert!(
        matches!(err, SpecError::ZeroDimension { what: "channels" }),
        "{err}"
    );

    let err = ResizeSpec::builder(Size2::new(4, 4), Size2::new(2, u32::MAX))
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::DimensionTooLarge {
                what: "output width",
                ..
            }
        ),
        "{err}"
    );

    // Each dimension is allowed, but the tensor is too large for 32-bit indices.
    let err = ResizeSpec::builder(Size2::new(65536, 65536), Size2::new(2, 2))
        .channels(4)
        .build()
        .unwrap_err();
    assert!(
        matches!(err, SpecError::TooManyElements { what: "input", .. }),
        "{err}"
    );

    // Four allowed dimensions whose product passes 2^64: too many, not wrapped around to few.
    let err = ResizeSpec::builder(Size2::new(16, 1 << 20), Size2::new(1, 1))
        .batch(1 << 20)
        .channels(1 << 20)
        .build()
        .unwrap_err();
    assert!(
        matches!(err, SpecError::TooManyElements { what: "input", .. }),
        "{err}"
    );
}

#[test]
fn bad_parameters_are_spec_errors() {
    let err = ResizeSpec::builder(Size2::new(4, 4), Size2::new(8, 8))
        .filter(Filter::Cubic { a: f64::NAN })
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::InvalidParameter {
                what: "cubic coefficient",
                ..
            }
        ),
        "{err}"
    );

    let err = ResizeSpec::builder(Size2::new(4, 4), Size2::new(8, 8))
        .x_axis(AxisResample::default().with_scale(Some(-2.0)))
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::InvalidParameter {
                what: "x scale",
                ..
            }
        ),
        "{err}"
    );

    let err = ResizeSpec::builder(Size2::new(4, 4), Size2::new(8, 8))
        .filter(Filter::Lanczos { lobes: 0 })
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::InvalidParameter {
                what: "lanczos lobes",
                ..
            }
        ),
        "{err}"
    );

    let err = ResizeSpec::builder(Size2::new(4, 4), Size2::new(8, 8))
        .filter(Filter::Cubic { a: -1e3 })
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("-100 to 100"), "{err}");

    // An antialiased band widens with the ratio; a stated scale or a crop region out of all
    // proportion to the sizes (here 10^300 input pixels per output) is refused instead of
    // visiting that many taps. Without antialiasing the band does not widen, and it stands.
    // (10 x 1e-300 rounded up is 1: the scale gives the output's one row.)
    let tiny_scale = AxisResample::default()
        .with_antialias(true)
        .with_scale(Some(1e-300));
    let err = ResizeSpec::builder(Size2::new(10, 10), Size2::new(1, 5))
        .y_axis(tiny_scale)
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::InvalidParameter {
                what: "input rows the antialiased y axis samples",
                ..
            }
        ),
        "{err}"
    );
    let long_region =
        AxisResample::default()
            .with_antialias(true)
            .with_mapping(CoordinateMapping::Region {
                start: 0.0,
                end: 1e300,
            });
    let err = ResizeSpec::builder(Size2::new(10, 10), Size2::new(5, 5))
        .x_axis(long_region)
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("MAX_ANTIALIAS_SPAN"), "{err}");
    let spec = ResizeSpec::builder(Size2::new(10, 10), Size2::new(5, 1))
        .x_axis(tiny_scale.with_antialias(false))
        .build()
        .expect("a plain band does not widen");
    let out = reference::resize(&spec, &[1.0f32; 100]).unwrap();
    assert!(out.iter().all(|&v| v == 1.0), "{out:?}");

    // A region of infinite length (two finite ends a whole f64 range apart).
    let err = ResizeSpec::builder(Size2::new(10, 10), Size2::new(5, 5))
        .x_axis(
            AxisResample::default().with_mapping(CoordinateMapping::Region {
                start: -f64::MAX,
                end: f64::MAX,
            }),
        )
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::InvalidParameter {
                what: "crop width",
                ..
            }
        ),
        "{err}"
    );

    // No ratio limit: a million-to-one antialiased shrink is a valid spec.
    ResizeSpec::builder(Size2::new(1, 1 << 20), Size2::new(1, 1))
        .both_axes(
            AxisResample::default()
                .with_filter(Filter::Lanczos { lobes: 8 })
                .with_antialias(true)
                .with_border(Border::Renormalize),
        )
        .build()
        .expect("no ratio limit");
}

/// PyTorch's `align_corners` and `antialias` belong to its interpolating modes: for
/// nearest, nearest-exact and area `F.interpolate` raises `ValueError`, and the preset
/// refuses them too instead of giving numbers for a call PyTorch does not make.
#[test]
fn torch_preset_refuses_what_pytorch_refuses() {
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    let (input, output) = (Size2::new(6, 8), TorchOutput::Size(Size2::new(3, 4)));
    for mode in [
        TorchMode::Nearest,
        TorchMode::NearestExact,
        TorchMode::Bilinear,
        TorchMode::Bicubic,
        TorchMode::Area,
    ] {
        let interpolating = matches!(mode, TorchMode::Bilinear | TorchMode::Bicubic);
        presets::torch(input, output, mode, false, false)
            .unwrap_or_else(|e| panic!("{mode:?} without options: {e}"));
        for (align_corners, antialias, option) in
            [(true, false, "align_corners"), (false, true, "antialias")]
        {
            match presets::torch(input, output, mode, align_corners, antialias) {
                Ok(_) => assert!(interpolating, "{mode:?} took {option}"),
                Err(err) => {
                    assert!(!interpolating, "{mode:?} refused {option}: {err}");
                    assert!(matches!(err, SpecError::Unsupported(_)), "{err}");
                    let message = err.to_string();
                    assert!(
                        message.contains(option) && message.contains(mode.name()),
                        "{message}"
                    );
                }
            }
        }
    }
}

/// OpenCV's 8-bit fixed points are its `INTER_LINEAR`, `INTER_LANCZOS4` and
/// `INTER_LINEAR_EXACT`: on u8 elements, another filter than the rounding's (or two filters),
/// a mapping, antialiasing, a crop, a colour conversion or Pillow's rounding with it is a typed
/// error that says what it takes; on f32 and f16 it has no effect, and the opencv preset asks
/// for each where OpenCV computes it.
#[test]
fn opencv_fixed_point_takes_its_own_filter_alone() {
    use wgpu_resize::presets::{self, OpenCvInterpolation};
    use wgpu_resize::{ElementType, OpenCvFixedPoint};
    let (input, output) = (Size2::new(6, 8), Size2::new(3, 5));
    let u8_in = |rounding| {
        ResizeSpec::builder(input, output)
            .element(ElementType::U8)
            .opencv_fixed_point(Some(rounding))
    };
    let u8_linear = || u8_in(OpenCvFixedPoint::Linear);
    let lanczos4 = AxisResample::default().with_filter(Filter::Lanczos { lobes: 4 });
    for rounding in [OpenCvFixedPoint::Linear, OpenCvFixedPoint::LinearExact] {
        let fixed = u8_in(rounding).build().unwrap();
        assert_eq!(fixed.opencv_fixed_point(), Some(rounding));
    }
    let fixed = u8_in(OpenCvFixedPoint::Lanczos4)
        .both_axes(lanczos4)
        .build()
        .unwrap();
    assert_eq!(fixed.opencv_fixed_point(), Some(OpenCvFixedPoint::Lanczos4));
    let refused = [
        (
            "cubic",
            u8_linear().both_axes(AxisResample::default().with_filter(Filter::Cubic { a: -0.75 })),
        ),
        ("lanczos4 with Linear", u8_linear().both_axes(lanczos4)),
        ("bilinear with Lanczos4", u8_in(OpenCvFixedPoint::Lanczos4)),
        (
            "lanczos4 on one axis",
            u8_in(OpenCvFixedPoint::Lanczos4).y_axis(lanczos4),
        ),
        (
            "antialias",
            u8_linear().both_axes(AxisResample::default().with_antialias(true)),
        ),
        (
            "align corners",
            u8_in(OpenCvFixedPoint::LinearExact)
                .x_axis(AxisResample::default().with_mapping(CoordinateMapping::AlignCorners)),
        ),
        ("crop", u8_linear().crop(0.5, 0.0, 4.0, 8.0)),
        ("linear light", u8_linear().linear_light(true)),
        ("Pillow's rounding", u8_linear().round_intermediate(true)),
    ];
    for (what, builder) in refused {
        match builder.build() {
            Err(SpecError::Unsupported(message)) => assert!(
                message.contains("OpenCV's 8-bit fixed point (") && message.contains(") takes"),
                "{what}: {message}"
            ),
            other => panic!("{what}: {other:?}"),
        }
    }
    // Floats ignore it, whatever the filter.
    let float = u8_linear()
        .element(ElementType::F32)
        .both_axes(AxisResample::default().with_filter(Filter::Cubic { a: -0.75 }))
        .build()
        .unwrap();
    assert_eq!(float.opencv_fixed_point(), None);
    for (interpolation, expected) in [
        (OpenCvInterpolation::Nearest, None),
        (OpenCvInterpolation::Linear, Some(OpenCvFixedPoint::Linear)),
        (
            OpenCvInterpolation::LinearExact,
            Some(OpenCvFixedPoint::LinearExact),
        ),
        (OpenCvInterpolation::Cubic, None),
        (OpenCvInterpolation::Area, None),
        (
            OpenCvInterpolation::Lanczos4,
            Some(OpenCvFixedPoint::Lanczos4),
        ),
    ] {
        let spec = presets::opencv(input, output, interpolation)
            .element(ElementType::U8)
            .build()
            .unwrap();
        assert_eq!(spec.opencv_fixed_point(), expected, "{interpolation:?}");
    }
}

/// PyTorch's 8-bit fixed point, which the torch preset asks for, applies where PyTorch has a
/// result: u8 bilinear and bicubic as F.interpolate has them. Floats, the other modes, colour
/// conversions and crops (which PyTorch does not have) resize as without it, never an error.
#[test]
fn torch_fixed_point_applies_where_pytorch_has_a_result() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    let (input, output) = (Size2::new(12, 16), Size2::new(7, 9));
    let torch = |mode, align_corners, antialias| {
        presets::torch(
            input,
            TorchOutput::Size(output),
            mode,
            align_corners,
            antialias,
        )
        .unwrap()
        .element(ElementType::U8)
        .channels(4)
    };
    for (mode, align_corners, antialias, expected) in [
        (TorchMode::Bilinear, false, false, true),
        (TorchMode::Bilinear, true, false, true),
        (TorchMode::Bilinear, false, true, true),
        (TorchMode::Bicubic, false, false, true),
        (TorchMode::Bicubic, true, false, true),
        (TorchMode::Bicubic, false, true, true),
        (TorchMode::Nearest, false, false, false),
        (TorchMode::NearestExact, false, false, false),
        (TorchMode::Area, false, false, false),
    ] {
        let what = format!("{mode:?} align_corners={align_corners} antialias={antialias}");
        let spec = torch(mode, align_corners, antialias).build().unwrap();
        assert_eq!(spec.torch_fixed_point(), expected, "{what}");
        assert_eq!(spec.fixed_point(), expected, "{what}");
    }
    let bilinear = || torch(TorchMode::Bilinear, false, true);
    for (what, builder) in [
        ("f32", bilinear().element(ElementType::F32)),
        ("f16", bilinear().element(ElementType::F16)),
        ("linear light", bilinear().linear_light(true)),
        ("premultiplied alpha", bilinear().premultiplied_alpha(true)),
        ("a crop", bilinear().crop(1.0, 2.0, 8.0, 9.0)),
        ("asked not to", bilinear().torch_fixed_point(false)),
    ] {
        let spec = builder.build().unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(!spec.torch_fixed_point(), "{what}");
    }
}

/// A stated scale must give the output size: `input × scale` rounded down (PyTorch's and
/// ONNX's rule), to nearest or up. A scale stated the other way round, or one that gives
/// another size, is a typed error that names the axis and the numbers; a crop region, which
/// sets its own ratio, is not checked against it.
#[test]
fn stated_scales_must_give_the_output_size() {
    let scaled = |input: u32, output: u32, scale: f64| {
        ResizeSpec::builder(Size2::new(7, input), Size2::new(7, output))
            .x_axis(AxisResample::default().with_scale(Some(scale)))
            .build()
    };
    let mut rng = common::Rng::new(31);
    for _ in 0..2000 {
        let input = rng.range(1, 4000);
        let scale = 0.01 + (rng.unit() as f64 + 1.0) * 4.0;
        let product = input as f64 * scale;
        for output in [product.floor(), product.round(), product.ceil()] {
            if output >= 1.0 {
                scaled(input, output as u32, scale)
                    .unwrap_or_else(|e| panic!("{input} x {scale} = {product} -> {output}: {e}"));
            }
        }
        // A product within a millionth of a whole number may round to either side of it.
        let whole = (product - product.round()).abs() <= product * 1e-6;
        for output in [product.floor() - 1.0, product.ceil() + 1.0] {
            if output >= 1.0 && !whole {
                let err = scaled(input, output as u32, scale).unwrap_err();
                assert!(
                    matches!(err, SpecError::ScaleMismatch { axis: "x", .. }),
                    "{input} x {scale} -> {output}: {err}"
                );
            }
        }
    }
    // PyTorch's own sizes for a scale factor are accepted.
    for (input, scale) in [(5u32, 2.0), (3, 1.0 / 3.0), (1080, 0.3), (333, 1.7)] {
        let size = wgpu_resize::presets::torch_output_size(
            Size2::new(input, input),
            wgpu_resize::presets::TorchOutput::ScaleFactor {
                y: scale,
                x: scale,
                recompute: false,
            },
        )
        .unwrap();
        scaled(input, size.width, scale).unwrap();
    }
    // The scale stated the other way round: input over output.
    let err = scaled(100, 200, 0.5).unwrap_err();
    assert_eq!(
        err,
        SpecError::ScaleMismatch {
            axis: "x",
            scale: 0.5,
            input: 100,
            product: 50.0,
            output: 200,
        }
    );
    let text = err.to_string();
    assert!(
        text.contains("x scale 0.5 resizes 100 pixels to 50, not 200"),
        "{text}"
    );
    // A crop region sets its own ratio.
    ResizeSpec::builder(Size2::new(7, 100), Size2::new(7, 200))
        .x_axis(AxisResample::default().with_scale(Some(0.5)).with_mapping(
            CoordinateMapping::Region {
                start: 10.0,
                end: 60.0,
            },
        ))
        .build()
        .unwrap();
}

#[test]
fn wrong_host_lengths_and_types_are_errors() {
    let s = spec(Size2::new(3, 3), Size2::new(6, 6));
    let err = reference::resize(&s, &[0.0f32; 5]).unwrap_err();
    assert!(
        matches!(
            err,
            ResizeError::WrongLength {
                which: "input",
                expected: 36,
                got: 5
            }
        ),
        "{err}"
    );

    let Some(gpu) = common::gpu("wrong host lengths") else {
        return;
    };
    let err = gpu
        .resizer
        .resize(&s, &[0.0f32; 5], Path::Auto)
        .unwrap_err();
    assert!(matches!(err, ResizeError::WrongLength { .. }), "{err}");
    let err = gpu.resizer.resize(&s, &[0u8; 36], Path::Auto).unwrap_err();
    assert!(
        matches!(err, ResizeError::Spec(SpecError::Unsupported(_))),
        "{err}"
    );
}

#[test]
fn unsuitable_buffers_are_errors_not_panics() {
    let Some(gpu) = common::gpu("unsuitable buffers") else {
        return;
    };
    let device = &gpu.context.device;
    let s = spec(Size2::new(4, 4), Size2::new(8, 8));
    let buffer = |size: u64, usage| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage,
            mapped_at_creation: false,
        })
    };
    let storage = wgpu::BufferUsages::STORAGE;
    let good_in = buffer(s.input_bytes(), storage);
    let good_out = buffer(s.output_bytes(), storage);
    let mut encoder = device.create_command_encoder(&Default::default());

    let small = buffer(s.output_bytes() - 4, storage);
    let err = gpu
        .resizer
        .encode(&mut encoder, &s, &good_in, &small, Path::Gather)
        .unwrap_err();
    assert!(
        matches!(
            err,
            ResizeError::BufferTooSmall {
                which: "output",
                ..
            }
        ),
        "{err}"
    );

    let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: None,
        contents: &vec![0u8; s.input_bytes() as usize],
        usage: wgpu::BufferUsages::UNIFORM,
    });
    let err = gpu
        .resizer
        .encode(&mut encoder, &s, &uniform, &good_out, Path::Gather)
        .unwrap_err();
    assert!(
        matches!(err, ResizeError::MissingUsage { which: "input", .. }),
        "{err}"
    );

    let same = buffer(s.output_bytes().max(s.input_bytes()), storage);
    let err = gpu
        .resizer
        .encode(&mut encoder, &s, &same, &same, Path::Separable)
        .unwrap_err();
    assert!(matches!(err, ResizeError::PathUnavailable { .. }), "{err}");

    // A buffer of another device (from the same adapter) is wgpu's validation error,
    // captured and returned.
    let (other, _queue) = pollster::block_on(
        gpu.context
            .adapter
            .request_device(&wgpu::DeviceDescriptor::default()),
    )
    .unwrap();
    let foreign = other.create_buffer(&wgpu::BufferDescriptor {
        label: Some("another device's"),
        size: s.input_bytes(),
        usage: storage,
        mapped_at_creation: false,
    });
    let err = gpu
        .resizer
        .encode(&mut encoder, &s, &foreign, &good_out, Path::Gather)
        .unwrap_err();
    assert!(
        matches!(&err, ResizeError::Gpu(why) if why.contains("another device's")),
        "{err}"
    );

    // The encoder is still usable after refused requests.
    gpu.resizer
        .encode(&mut encoder, &s, &good_in, &good_out, Path::Auto)
        .unwrap();
    gpu.context.queue.submit([encoder.finish()]);
}

#[test]
fn tensors_beyond_the_device_limits_are_errors() {
    if common::gpu("device limits").is_none() {
        return;
    }
    // A device whose storage bindings hold at most 1 MiB; a 2 MiB output must be refused.
    let context = pollster::block_on(async {
        let probe = wgpu_resize::GpuContext::from_env_async().await.unwrap();
        let limits = wgpu::Limits {
            max_storage_buffer_binding_size: 1 << 20,
            ..probe.adapter.limits()
        };
        wgpu_resize::GpuContext::request(ContextOptions {
            limits: Some(limits),
            ..Default::default()
        })
        .await
        .unwrap()
    });
    let resizer = Resizer::new(&context.device, &context.queue).unwrap();
    let s = ResizeSpec::builder(Size2::new(4, 4), Size2::new(512, 1024))
        .build()
        .unwrap();
    let err = resizer.resize(&s, &[1.0f32; 16], Path::Gather).unwrap_err();
    assert!(
        matches!(
            err,
            ResizeError::ExceedsDeviceLimit {
                what: "output",
                needed: 2097152,
                limit: 1048576,
                ..
            }
        ),
        "{err}"
    );
    // Within the limit the same device resizes.
    let s = ResizeSpec::builder(Size2::new(4, 4), Size2::new(128, 128))
        .build()
        .unwrap();
    let out = resizer.resize(&s, &[1.0f32; 16], Path::Separable).unwrap();
    assert!(out.iter().all(|&v| v == 1.0));
}

/// Pillow's fixed point (u8 rounded between the passes) sums in 32-bit integers: a rule whose
/// renormalised weights of one sign add up past 2 in magnitude (here a cubic of a = 100) is
/// refused, where the GPU's sums overflowed (found by `tests/properties.rs`); without the
/// rounding it stands.
#[test]
fn fixed_point_rows_beyond_32_bits_are_spec_errors() {
    use wgpu_resize::{ElementType, NearestRule};
    let builder = ResizeSpec::builder(Size2::new(2, 3), Size2::new(19, 14))
        .channels(2)
        .element(ElementType::U8)
        .y_axis(
            AxisResample::default()
                .with_filter(Filter::Cubic { a: 100.0 })
                .with_border(Border::Renormalize),
        )
        .x_axis(AxisResample::default().with_filter(Filter::Nearest(NearestRule::Floor)));
    let err = builder.round_intermediate(true).build().unwrap_err();
    assert!(err.to_string().contains("fixed point"), "{err}");
    builder.build().expect("float sums take it");
}

/// The bench's warm-up takes finite seconds: an infinite count would never return.
#[test]
fn warm_up_takes_finite_seconds() {
    let Some(gpu) = common::gpu("warm-up seconds") else {
        return;
    };
    for seconds in [f64::INFINITY, f64::NAN] {
        let err = wgpu_resize::bench::warm_up(&gpu.resizer, seconds).unwrap_err();
        assert!(
            matches!(
                err,
                ResizeError::Argument {
                    which: "seconds",
                    ..
                }
            ),
            "{err}"
        );
    }
    wgpu_resize::bench::warm_up(&gpu.resizer, 0.0).unwrap();
}

/// A reducing gap (Pillow's two-step resize) outside what Pillow has is a spec error that says
/// what is allowed: a gap under 1 or not a number, axes that are not Pillow's, u8 elements in
/// another library's arithmetic, blocks too large for Pillow's 32-bit sums; and a crop batch,
/// which resizes each box in one step, refuses a template with a gap.
#[test]
fn reducing_gaps_outside_pillows_are_spec_errors() {
    use wgpu_resize::presets::{self, PillowFilter};
    use wgpu_resize::{ElementType, presets::TorchMode, presets::TorchOutput};
    let (input, output) = (Size2::new(64, 48), Size2::new(8, 6));
    let pillow = || presets::pillow(input, output, PillowFilter::Bicubic);
    for gap in [0.5, 0.0, -2.0, f64::NAN, f64::INFINITY] {
        let err = pillow().reducing_gap(Some(gap)).build().unwrap_err();
        assert!(
            matches!(
                err,
                SpecError::InvalidParameter {
                    what: "reducing gap",
                    ..
                }
            ),
            "gap {gap}: {err}"
        );
        assert!(err.to_string().contains("at least 1"), "{err}");
    }
    let err = pillow()
        .antialias(false)
        .reducing_gap(Some(2.0))
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("Pillow's axes"), "{err}");
    let err = ResizeSpec::builder(input, output)
        .reducing_gap(Some(2.0))
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("antialiased"), "{err}");
    // u8 without Pillow's rounding between passes, and in PyTorch's fixed point.
    let err = pillow()
        .element(ElementType::U8)
        .round_intermediate(false)
        .reducing_gap(Some(2.0))
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("round_intermediate"), "{err}");
    let torch = presets::torch(
        input,
        TorchOutput::Size(output),
        TorchMode::Bilinear,
        false,
        true,
    )
    .unwrap()
    .element(ElementType::U8)
    .reducing_gap(Some(2.0))
    .build()
    .unwrap_err();
    assert!(torch.to_string().contains("PyTorch's"), "{torch}");
    // 4096 x 4096 to one pixel with a gap of 1: blocks of 2^24 pixels.
    let err = presets::pillow(Size2::new(4096, 4096), Size2::new(1, 1), PillowFilter::Box)
        .reducing_gap(Some(1.0))
        .build()
        .unwrap_err();
    assert!(
        matches!(
            err,
            SpecError::InvalidParameter {
                what: "pixels in a block of the reduction",
                ..
            }
        ),
        "{err}"
    );
    // The same resizes without a gap, or with one that reduces nothing, build.
    pillow().build().unwrap();
    let kept = presets::pillow(input, Size2::new(40, 30), PillowFilter::Bicubic)
        .reducing_gap(Some(2.0))
        .build()
        .unwrap();
    assert_eq!(kept.reduction(), None);

    let Some(gpu) = common::gpu("reducing gap crop batch") else {
        return;
    };
    let template = pillow()
        .channels(3)
        .crop(0.0, 0.0, 64.0, 48.0)
        .reducing_gap(Some(2.0))
        .build()
        .unwrap();
    let Err(err) = gpu.resizer.crop_batch(&template, 2) else {
        panic!("a crop batch took a template with a reducing gap");
    };
    assert!(
        matches!(err, ResizeError::Spec(SpecError::Unsupported(_))),
        "{err}"
    );
    assert!(err.to_string().contains("one step"), "{err}");
}

/// `presets::pillow_reduce` (Pillow's `Image.reduce`) refuses factors of 0 and regions that
/// hold no pixel or leave the input, and a spec made from it refuses another output size, a
/// gap, u8 outside Pillow's arithmetic, and every path but the gather.
#[test]
fn reductions_outside_pillows_are_errors() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets;
    let input = Size2::new(30, 40);
    for (factors, region) in [
        (Size2::new(0, 2), None),
        (Size2::new(2, 0), None),
        (Size2::new(2, 2), Some([5, 5, 5, 9])),
    ] {
        let err = presets::pillow_reduce(input, factors, region).unwrap_err();
        assert!(err.to_string().contains("at least 1"), "{err}");
    }
    let reduce = || presets::pillow_reduce(input, Size2::new(3, 4), None).unwrap();
    assert_eq!(reduce().build().unwrap().output(), Size2::new(10, 10));
    let outside = presets::pillow_reduce(input, Size2::new(2, 2), Some([0, 0, 31, 40]))
        .unwrap()
        .build()
        .unwrap_err();
    assert!(
        outside.to_string().contains("inside the input"),
        "{outside}"
    );
    let resized = reduce()
        .sizes(input, Size2::new(10, 11))
        .build()
        .unwrap_err();
    assert!(resized.to_string().contains("not the output"), "{resized}");
    let gap = reduce().reducing_gap(Some(2.0)).build().unwrap_err();
    assert!(gap.to_string().contains("no reducing gap"), "{gap}");
    let bytes = reduce()
        .element(ElementType::U8)
        .round_intermediate(false)
        .build()
        .unwrap_err();
    assert!(bytes.to_string().contains("round_intermediate"), "{bytes}");

    let Some(gpu) = common::gpu("reduction paths") else {
        return;
    };
    let spec = reduce().channels(3).build().unwrap();
    let storage = |size| {
        gpu.context.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("reduction"),
            size,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        })
    };
    let (input_buffer, output_buffer) = (storage(spec.input_bytes()), storage(spec.output_bytes()));
    for path in [Path::Separable, Path::Fused] {
        assert!(gpu.resizer.availability(&spec, path).is_err(), "{path}");
        let mut encoder = gpu
            .context
            .device
            .create_command_encoder(&Default::default());
        let err = gpu
            .resizer
            .encode(&mut encoder, &spec, &input_buffer, &output_buffer, path)
            .unwrap_err();
        assert!(
            matches!(err, ResizeError::PathUnavailable { .. })
                && err.to_string().contains("gather"),
            "{path}: {err}"
        );
    }
    let plan = gpu.resizer.plan(&spec, Path::Auto).unwrap();
    assert_eq!(plan.path, Path::Gather, "{}", plan.reason);
}

/// The area rules average footprints that tile the axis or a crop region: a mapping that
/// places sample points instead (corners, ONNX's variants, a crop-and-resize box) is a spec
/// error that says what they take, and a crop region builds.
#[test]
fn area_rules_refuse_mappings_without_footprints() {
    use wgpu_resize::AreaRule;
    for area in [
        AreaRule::AdaptiveAverage,
        AreaRule::Coverage,
        AreaRule::OpenCvUpscale,
    ] {
        let rule = AxisResample::default().with_filter(Filter::Area(area));
        let input = Size2::new(16, 16);
        let build = |mapping| {
            ResizeSpec::builder(input, Size2::new(8, 8))
                .both_axes(rule.with_mapping(mapping))
                .build()
        };
        for mapping in [
            CoordinateMapping::HalfPixel,
            CoordinateMapping::Region {
                start: 4.0,
                end: 12.5,
            },
        ] {
            build(mapping).unwrap();
        }
        for mapping in [
            CoordinateMapping::AlignCorners,
            CoordinateMapping::Asymmetric,
            CoordinateMapping::PytorchHalfPixel,
            CoordinateMapping::HalfPixelSymmetric,
            CoordinateMapping::TfCropAndResize {
                start: 0.25,
                end: 0.75,
            },
        ] {
            let err = build(mapping).unwrap_err();
            assert!(matches!(err, SpecError::Unsupported(_)), "{area:?}: {err}");
            assert!(
                err.to_string().contains("half-pixel or a crop region"),
                "{err}"
            );
        }
    }
}

/// Padding that would make the output too large, padding with Pillow's two steps, and a padded
/// luma spec for video planes are spec errors that say what was wrong.
#[test]
fn padding_errors_say_what_was_wrong() {
    use wgpu_resize::{ChromaSiting, ElementType, Padding, PlaneFormat, VideoSpec, presets};
    let (input, output) = (Size2::new(40, 60), Size2::new(10, 15));
    let err = ResizeSpec::builder(input, output)
        .padding(Padding::new(0, u32::MAX, 0, 1))
        .build()
        .unwrap_err();
    assert!(
        matches!(err, SpecError::DimensionTooLarge { what, .. } if what.contains("padded")),
        "{err}"
    );
    let err = presets::pillow(input, output, presets::PillowFilter::Bicubic)
        .reducing_gap(Some(2.0))
        .padding(Padding::new(1, 0, 1, 0))
        .build()
        .unwrap_err();
    assert!(
        err.to_string().contains("padding with a reducing gap"),
        "{err}"
    );
    let luma = ResizeSpec::builder(input, output)
        .element(ElementType::U8)
        .padding(Padding::new(2, 2, 2, 2))
        .build()
        .unwrap();
    let err = VideoSpec::new(PlaneFormat::Nv12, luma, ChromaSiting::Left)
        .plane_specs()
        .unwrap_err();
    assert!(
        err.to_string().contains("video planes take no padding"),
        "{err}"
    );
}

/// A sub-image (`ResizeSpecBuilder::cut`) must hold a pixel and lie inside the input, and takes
/// no reducing gap: each refusal is a typed error that says what is allowed. A crop batch of
/// sub-images takes boxes of whole pixels inside the image.
#[test]
fn sub_images_outside_the_input_are_spec_errors() {
    let builder = ResizeSpec::builder(Size2::new(10, 20), Size2::new(4, 4)).channels(3);
    for (cut, allowed) in [
        ([0, 0, 11, 20], "top < bottom <= 10"),
        ([0, 0, 10, 21], "left < right <= 20"),
        ([5, 0, 5, 20], "top < bottom"),
        ([0, 7, 10, 3], "left < right"),
    ] {
        let err = builder.cut(Some(cut)).build().unwrap_err();
        assert!(
            matches!(&err, SpecError::Unsupported(why) if why.contains(allowed)),
            "{cut:?}: {err}"
        );
    }
    assert!(builder.cut(Some([0, 0, 10, 20])).build().is_ok());
    let pillow = wgpu_resize::presets::pillow(
        Size2::new(10, 20),
        Size2::new(4, 4),
        wgpu_resize::presets::PillowFilter::Bicubic,
    )
    .reducing_gap(Some(2.0))
    .cut(Some([1, 1, 9, 19]))
    .build()
    .unwrap_err();
    assert!(pillow.to_string().contains("reducing gap"), "{pillow}");

    let Some(gpu) = common::gpu("sub-image crop batch") else {
        return;
    };
    let template = ResizeSpec::builder(Size2::new(10, 20), Size2::new(4, 4))
        .mapping(CoordinateMapping::TfCropAndResize {
            start: 0.0,
            end: 1.0,
        })
        .cut(Some([0, 0, 5, 5]))
        .build()
        .unwrap();
    let mut batch = gpu.resizer.crop_batch(&template, 1).unwrap();
    for (corners, allowed) in [
        ([0.5, 0.0, 5.0, 5.0], "whole pixels"),
        ([-1.0, 0.0, 5.0, 5.0], "whole pixels"),
        ([0.0, 0.0, 11.0, 5.0], "top < bottom <= 10"),
    ] {
        let boxes = [wgpu_resize::CropBox::new(0, corners)];
        let err = gpu.resizer.set_crop_boxes(&mut batch, &boxes).unwrap_err();
        assert!(err.to_string().contains(allowed), "{corners:?}: {err}");
    }
}

/// A crop batch in ONNX Runtime's or OpenCV's own 8-bit arithmetic takes a template with a
/// sub-image alone (slices resized as images of their own): ONNX Runtime's `tf_crop_and_resize`
/// boxes on uint8 are refused with a typed error that says what it takes, and the same
/// template with a cut builds a batch.
#[test]
fn crop_batches_in_the_gathers_own_arithmetic_take_sub_images() {
    use wgpu_resize::ElementType;
    use wgpu_resize::presets::{self, OnnxCoordinates, OnnxMode, OnnxResize};
    let Some(gpu) = common::gpu("crop batches in the gathers' own arithmetic") else {
        return;
    };
    let (frame, output) = (Size2::new(20, 30), Size2::new(8, 8));
    let node = |coordinates| OnnxResize {
        mode: OnnxMode::Linear,
        coordinates,
        ..OnnxResize::default()
    };
    let boxes = presets::onnx(frame, output, &node(OnnxCoordinates::TfCropAndResize))
        .unwrap()
        .channels(3)
        .element(ElementType::U8)
        .build()
        .unwrap();
    assert!(boxes.onnx_linear_u8().is_some(), "{boxes:?}");
    let Err(err) = gpu.resizer.crop_batch(&boxes, 2) else {
        panic!("a crop batch took tf_crop_and_resize boxes in ONNX Runtime's uint8 arithmetic");
    };
    assert!(
        matches!(err, ResizeError::Spec(SpecError::Unsupported(_))),
        "{err}"
    );
    assert!(err.to_string().contains("sub-image (cut)"), "{err}");
    let slices = presets::onnx(frame, output, &node(OnnxCoordinates::HalfPixel))
        .unwrap()
        .channels(3)
        .element(ElementType::U8)
        .cut(Some([0, 0, frame.height, frame.width]))
        .build()
        .unwrap();
    gpu.resizer.crop_batch(&slices, 2).unwrap();
}
