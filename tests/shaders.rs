//! Every kernel variant the library builds, parsed and validated by naga without a GPU, then
//! translated to SPIR-V, GLSL (compute, ES 3.1), MSL and HLSL. Where `spirv-val` and
//! `glslangValidator` are installed (CI installs them), their verdict on the output is checked too.

use std::process::Command;

use naga::back::{glsl, hlsl, msl, spv};
use naga::valid::{Capabilities, ValidationFlags, Validator};
use wgpu_resize::gpu::Kernel;
use wgpu_resize::gpu::shaders::{FILES, StagingShader};

fn validated(source: &str, label: &str) -> (naga::Module, naga::valid::ModuleInfo) {
    let module = naga::front::wgsl::parse_str(source)
        .unwrap_or_else(|e| panic!("{label} does not parse:\n{}", e.emit_to_string(source)));
    let info = Validator::new(ValidationFlags::all(), Capabilities::all())
        .validate(&module)
        .unwrap_or_else(|e| panic!("{label} does not validate:\n{}", e.emit_to_string(source)));
    (module, info)
}

/// Runs a checker if it is installed; returns whether it ran. A checker that runs must accept.
fn check_with(tool: &str, args: &[&str], bytes: &[u8], suffix: &str, label: &str) -> bool {
    if Command::new(tool).arg("--version").output().is_err() {
        return false;
    }
    let file = tempfile::Builder::new().suffix(suffix).tempfile().unwrap();
    std::fs::write(file.path(), bytes).unwrap();
    let out = Command::new(tool)
        .args(args)
        .arg(file.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{tool} rejects {label}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

#[test]
fn every_file_is_part_of_a_validated_variant() {
    let sources: Vec<String> = Kernel::examples()
        .iter()
        .map(|k| k.source())
        .chain(StagingShader::examples().iter().map(|s| s.source()))
        .collect();
    for (name, text) in FILES {
        assert!(
            // The storage pack shader is completed with a texel format when it is built, the
            // tensor store with an element type.
            sources.iter().any(|s| s.contains(text)
                || s.contains(&text.replace("STORAGE_FORMAT", "rgba8unorm"))
                || s.contains(&text.replace("TENSOR_ELEMENT", "f32"))),
            "{name} is in no kernel variant"
        );
    }
    // The shared files stand alone as modules of declarations.
    let (srgb, common) = (FILES[0], FILES[1]);
    assert_eq!((srgb.0, common.0), ("srgb.wgsl", "common.wgsl"));
    validated(srgb.1, srgb.0);
    validated(&[srgb.1, common.1].join("\n"), common.0);
}

#[test]
fn every_staging_shader_validates_and_translates() {
    for shader in StagingShader::examples() {
        let label = format!("{shader:?}");
        let (module, info) = validated(&shader.source(), &label);
        let stages: &[(naga::ShaderStage, &str)] = match shader {
            StagingShader::PackRender => &[
                (naga::ShaderStage::Vertex, "vertex"),
                (naga::ShaderStage::Fragment, "fragment"),
            ],
            _ => &[(naga::ShaderStage::Compute, "main")],
        };
        for &(stage, entry) in stages {
            translate(
                &module,
                &info,
                stage,
                entry,
                &format!("{label} {entry}"),
                false,
            );
        }
    }
}

#[test]
fn every_variant_validates_and_translates() {
    let require_tools = std::env::var("WGPU_RESIZE_REQUIRE_SHADER_TOOLS").as_deref() == Ok("1");
    for kernel in Kernel::examples() {
        let label = kernel.label();
        let (module, info) = validated(&kernel.source(), &label);
        // Resolve the pipeline-overridable constants as the pipeline does.
        let mut constants = naga::back::PipelineConstants::default();
        for (name, value) in kernel.constants() {
            constants.insert(name.to_string(), value);
        }
        let (module, info) = naga::back::pipeline_constants::process_overrides(
            &module,
            &info,
            Some((naga::ShaderStage::Compute, "main")),
            &constants,
        )
        .unwrap_or_else(|e| panic!("{label}: overrides: {e}"));
        let (module, info) = (module.into_owned(), info.into_owned());

        let f16 = kernel.uses_native_f16();
        let (ran_spirv_val, ran_glslang) = translate(
            &module,
            &info,
            naga::ShaderStage::Compute,
            "main",
            &label,
            f16,
        );
        if require_tools {
            assert!(
                ran_spirv_val && (ran_glslang || f16),
                "spirv-val and glslangValidator are required"
            );
        }
    }
}

/// Translates one entry point to SPIR-V, GLSL ES 3.1, MSL and HLSL, checking SPIR-V and GLSL
/// with the external validators where installed; returns whether each of those ran. A module
/// with `f16` skips GLSL (no GL device offers `shader-f16` to wgpu) and targets HLSL shader
/// model 6.2, the first with 16-bit types.
fn translate(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    stage: naga::ShaderStage,
    entry: &str,
    label: &str,
    f16: bool,
) -> (bool, bool) {
    let (module, info) = (module.clone(), info.clone());
    let words = spv::write_vec(&module, &info, &spv::Options::default(), None)
        .unwrap_or_else(|e| panic!("{label} to SPIR-V: {e}"));
    let spirv: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let ran_spirv_val = check_with(
        "spirv-val",
        &["--target-env", "vulkan1.1"],
        &spirv,
        ".spv",
        label,
    );

    let ran_glslang = !f16 && {
        let mut glsl_text = String::new();
        let options = glsl::Options {
            version: glsl::Version::Embedded {
                version: 310,
                is_webgl: false,
            },
            ..glsl::Options::default()
        };
        let pipeline = glsl::PipelineOptions {
            shader_stage: stage,
            entry_point: entry.into(),
            multiview: None,
        };
        glsl::Writer::new(
            &mut glsl_text,
            &module,
            &info,
            &options,
            &pipeline,
            naga::proc::BoundsCheckPolicies::default(),
        )
        .and_then(|mut w| w.write())
        .unwrap_or_else(|e| panic!("{label} to GLSL: {e}"));
        check_with(
            "glslangValidator",
            &[],
            glsl_text.as_bytes(),
            match stage {
                naga::ShaderStage::Vertex => ".vert",
                naga::ShaderStage::Fragment => ".frag",
                _ => ".comp",
            },
            label,
        )
    };

    let mut msl_text = String::new();
    msl::Writer::new(&mut msl_text)
        .write(
            &module,
            &info,
            &msl::Options::default(),
            &msl::PipelineOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{label} to MSL: {e}"));
    assert!(
        msl_text.contains(entry),
        "{label}: MSL lacks the entry point"
    );

    let mut hlsl_text = String::new();
    let hlsl_options = hlsl::Options {
        shader_model: if f16 {
            hlsl::ShaderModel::V6_2
        } else {
            hlsl::Options::default().shader_model
        },
        ..hlsl::Options::default()
    };
    hlsl::Writer::new(
        &mut hlsl_text,
        &hlsl_options,
        &hlsl::PipelineOptions::default(),
    )
    .write(&module, &info, None)
    .unwrap_or_else(|e| panic!("{label} to HLSL: {e}"));
    assert!(
        stage != naga::ShaderStage::Compute || hlsl_text.contains("[numthreads("),
        "{label}: HLSL lacks the workgroup size"
    );

    (ran_spirv_val, ran_glslang)
}
