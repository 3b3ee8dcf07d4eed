//! Conformance cases: resizes whose expected outputs were produced by PyTorch, Pillow, OpenCV and
//! ONNX Runtime themselves, in the format of `tests/data/conformance/README.md`. Each case's
//! structured `params` becomes a spec through [`crate::presets`].

use std::path::{Path as FsPath, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use crate::error::{ResizeError, SpecError};
use crate::gpu::Resizer;
use crate::npy::{self, NpyError};
use crate::plan::Path;
use crate::presets::{self, OnnxCoordinates, OnnxMode, OnnxResize, TorchMode, TorchOutput};
use crate::readback::compare;
use crate::spec::{ElementType, NearestRule, ResizeSpec, Size2};
use crate::{presets::OpenCvInterpolation, presets::PillowFilter, reference};

/// One case of `cases.json`.
#[derive(Clone, Debug, Deserialize)]
pub struct Case {
    /// Unique name.
    pub id: String,
    /// Input `.npy` file, relative to the cases' folder.
    pub input: String,
    /// Expected output `.npy` file.
    pub output: String,
    /// `[n, h, w, c]`.
    pub in_shape: [u32; 4],
    /// `[n, h, w, c]`.
    pub out_shape: [u32; 4],
    /// `"float32"` or `"uint8"`.
    pub dtype: String,
    /// The library and version that produced the output.
    #[serde(default)]
    pub reference: String,
    /// The exact reference call, for reading.
    #[serde(default)]
    pub call: String,
    /// The call in structured form.
    pub params: Value,
    /// Largest allowed absolute difference.
    pub tolerance_max_abs: f64,
}

/// A case that could not be loaded or run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConformanceError {
    /// `cases.json` could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// `cases.json` is not valid.
    #[error("{path}: {source}")]
    Json {
        /// The file.
        path: String,
        /// The cause.
        source: serde_json::Error,
    },
    /// A `.npy` file could not be read.
    #[error(transparent)]
    Npy(#[from] NpyError),
    /// A parameter is missing or has a value this library does not know.
    #[error("case {id}: {what}")]
    BadParams {
        /// The case.
        id: String,
        /// What is wrong.
        what: String,
    },
    /// The spec built from the parameters is invalid.
    #[error("case {id}: {source}")]
    Spec {
        /// The case.
        id: String,
        /// The cause.
        source: SpecError,
    },
    /// The resize failed.
    #[error("case {id}: {source}")]
    Resize {
        /// The case.
        id: String,
        /// The cause.
        source: ResizeError,
    },
}

/// Where a case runs.
#[derive(Clone, Copy)]
pub enum Runner<'a> {
    /// The CPU reference.
    Cpu,
    /// A GPU path.
    Gpu(&'a Resizer, Path),
}

/// The result of one case.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The case.
    pub id: String,
    /// Largest absolute difference from the expected output.
    pub max_abs: f64,
    /// The case's tolerance.
    pub tolerance: f64,
}

impl Outcome {
    /// Whether the case passed.
    pub fn passed(&self) -> bool {
        self.max_abs <= self.tolerance
    }
}

/// Reads `dir/cases.json`.
pub fn load_cases(dir: &FsPath) -> Result<Vec<Case>, ConformanceError> {
    let path = dir.join("cases.json");
    let text = std::fs::read_to_string(&path).map_err(|source| ConformanceError::Io {
        path: path.display().to_string(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| ConformanceError::Json {
        path: path.display().to_string(),
        source,
    })
}

impl Case {
    fn bad(&self, what: impl Into<String>) -> ConformanceError {
        ConformanceError::BadParams {
            id: self.id.clone(),
            what: what.into(),
        }
    }

    fn str_param<'a>(&'a self, object: &'a Value, key: &str) -> Result<&'a str, ConformanceError> {
        object
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| self.bad(format!("missing string parameter {key:?}")))
    }

    fn element(&self) -> Result<ElementType, ConformanceError> {
        match self.dtype.as_str() {
            "float32" => Ok(ElementType::F32),
            "uint8" => Ok(ElementType::U8),
            other => Err(self.bad(format!("dtype {other:?}; known: float32, uint8"))),
        }
    }

    /// The spec this case describes (NHWC, as the case files are stored).
    pub fn spec(&self) -> Result<ResizeSpec, ConformanceError> {
        let [n, in_h, in_w, c] = self.in_shape;
        let [_, out_h, out_w, _] = self.out_shape;
        let (input, output) = (Size2::new(in_h, in_w), Size2::new(out_h, out_w));
        let p = &self.params;
        let spec_error = |source| ConformanceError::Spec {
            id: self.id.clone(),
            source,
        };
        let builder = match self.str_param(p, "library")? {
            "torch" => {
                let mode = match self.str_param(p, "mode")? {
                    "nearest" => TorchMode::Nearest,
                    "nearest-exact" => TorchMode::NearestExact,
                    "bilinear" => TorchMode::Bilinear,
                    "bicubic" => TorchMode::Bicubic,
                    "area" => TorchMode::Area,
                    other => return Err(self.bad(format!("torch mode {other:?}"))),
                };
                let out = match (p.get("size"), p.get("scale_factor").and_then(Value::as_f64)) {
                    (Some(_), _) => TorchOutput::Size(output),
                    (None, Some(scale)) => TorchOutput::ScaleFactor {
                        y: scale,
                        x: scale,
                        recompute: p
                            .get("recompute_scale_factor")
                            .and_then(Value::as_bool)
                            .unwrap_or(false),
                    },
                    (None, None) => return Err(self.bad("torch case without size or scale_factor")),
                };
                let flag = |key| p.get(key).and_then(Value::as_bool).unwrap_or(false);
                presets::torch(input, out, mode, flag("align_corners"), flag("antialias"))
                    .map_err(spec_error)?
            }
            "pillow" => {
                let filter = match self.str_param(p, "filter")? {
                    "NEAREST" => PillowFilter::Nearest,
                    "BOX" => PillowFilter::Box,
                    "BILINEAR" => PillowFilter::Bilinear,
                    "HAMMING" => PillowFilter::Hamming,
                    "BICUBIC" => PillowFilter::Bicubic,
                    "LANCZOS" => PillowFilter::Lanczos,
                    other => return Err(self.bad(format!("Pillow filter {other:?}"))),
                };
                presets::pillow(input, output, filter)
            }
            "opencv" => {
                let interpolation = match self.str_param(p, "interpolation")? {
                    "INTER_NEAREST" => OpenCvInterpolation::Nearest,
                    "INTER_NEAREST_EXACT" => OpenCvInterpolation::NearestExact,
                    "INTER_LINEAR" => OpenCvInterpolation::Linear,
                    "INTER_CUBIC" => OpenCvInterpolation::Cubic,
                    "INTER_AREA" => OpenCvInterpolation::Area,
                    "INTER_LANCZOS4" => OpenCvInterpolation::Lanczos4,
                    other => return Err(self.bad(format!("OpenCV interpolation {other:?}"))),
                };
                presets::opencv(input, output, interpolation)
            }
            "onnx" => {
                let node = self.onnx_node()?;
                presets::onnx(input, output, &node).map_err(spec_error)?
            }
            other => return Err(self.bad(format!("library {other:?}"))),
        };
        builder
            .batch(n)
            .channels(c)
            .element(self.element()?)
            .build()
            .map_err(spec_error)
    }

    fn onnx_node(&self) -> Result<OnnxResize, ConformanceError> {
        let empty = Value::Object(Default::default());
        let attrs = self.params.get("attrs").unwrap_or(&empty);
        let mut node = OnnxResize::default();
        if let Some(mode) = attrs.get("mode").and_then(Value::as_str) {
            node.mode = match mode {
                "nearest" => OnnxMode::Nearest,
                "linear" => OnnxMode::Linear,
                "cubic" => OnnxMode::Cubic,
                other => return Err(self.bad(format!("ONNX mode {other:?}"))),
            };
        }
        if let Some(name) = attrs
            .get("coordinate_transformation_mode")
            .and_then(Value::as_str)
        {
            node.coordinates = OnnxCoordinates::from_name(name)
                .ok_or_else(|| self.bad(format!("coordinate_transformation_mode {name:?}")))?;
        }
        if let Some(name) = attrs.get("nearest_mode").and_then(Value::as_str) {
            node.nearest_mode = match name {
                "round_prefer_floor" => NearestRule::RoundPreferFloor,
                "round_prefer_ceil" => NearestRule::RoundPreferCeil,
                "floor" => NearestRule::Floor,
                "ceil" => NearestRule::Ceil,
                other => return Err(self.bad(format!("nearest_mode {other:?}"))),
            };
        }
        if let Some(a) = attrs.get("cubic_coeff_a").and_then(Value::as_f64) {
            node.cubic_coeff_a = a;
        }
        let int = |key| attrs.get(key).and_then(Value::as_i64).unwrap_or(0);
        node.exclude_outside = int("exclude_outside") != 0;
        node.antialias = int("antialias") != 0;
        if let Some(v) = attrs.get("extrapolation_value").and_then(Value::as_f64) {
            node.extrapolation_value = v as f32;
        }
        let roi: Vec<f64> = self
            .params
            .get("roi")
            .and_then(Value::as_array)
            .map(|values| values.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default();
        if roi.len() == 8 {
            // NCHW order: starts of n, c, h, w then ends.
            node.roi = [roi[2], roi[3], roi[6], roi[7]];
        } else if !roi.is_empty() {
            return Err(self.bad(format!("roi has {} values; expected 0 or 8", roi.len())));
        }
        Ok(node)
    }

    /// Loads the case's data, runs it and compares with the expected output.
    pub fn run(&self, dir: &FsPath, runner: Runner<'_>) -> Result<Outcome, ConformanceError> {
        let spec = self.spec()?;
        let max_abs = match spec.element() {
            ElementType::F32 => self.run_typed::<f32>(dir, &spec, runner)?,
            ElementType::F16 => self.run_typed::<half::f16>(dir, &spec, runner)?,
            ElementType::U8 => self.run_typed::<u8>(dir, &spec, runner)?,
        };
        Ok(Outcome {
            id: self.id.clone(),
            max_abs,
            tolerance: self.tolerance_max_abs,
        })
    }

    fn run_typed<T>(
        &self,
        dir: &FsPath,
        spec: &ResizeSpec,
        runner: Runner<'_>,
    ) -> Result<f64, ConformanceError>
    where
        T: crate::Element + npyz::Deserialize + npy::NpyElement + Into<f64>,
    {
        let input = npy::read::<T>(&dir.join(&self.input))?;
        let expected = npy::read::<T>(&dir.join(&self.output))?;
        if input.shape != self.in_shape || expected.shape != self.out_shape {
            return Err(self.bad(format!(
                "files have shapes {:?} -> {:?}; cases.json says {:?} -> {:?}",
                input.shape, expected.shape, self.in_shape, self.out_shape
            )));
        }
        let resize_error = |source| ConformanceError::Resize {
            id: self.id.clone(),
            source,
        };
        let got = match runner {
            Runner::Cpu => reference::resize(spec, &input.data).map_err(resize_error)?,
            Runner::Gpu(resizer, path) => resizer
                .resize(spec, &input.data, path)
                .map_err(resize_error)?,
        };
        Ok(compare(&got, &expected.data).max_abs)
    }
}

/// The default location of the cases inside this repository.
pub fn bundled_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance")
}
