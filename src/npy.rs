//! `.npy` files in and out (NumPy format 1.0, little-endian, C order), through the npyz crate.

use std::io::{BufReader, BufWriter};
use std::path::Path;

use npyz::WriterBuilder;

/// A `.npy` file that could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NpyError {
    /// The file could not be opened, read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The array is not of the element type asked for.
    #[error("{path}: elements are {found}; expected {expected}")]
    WrongType {
        /// The file.
        path: String,
        /// The dtype found.
        found: String,
        /// The dtype wanted.
        expected: &'static str,
    },
    /// The array is not 4-D.
    #[error("{path}: shape {shape:?} is not 4-D; expected [n, h, w, c] (or [n, c, h, w] for NCHW)")]
    NotFourD {
        /// The file.
        path: String,
        /// Its shape.
        shape: Vec<u64>,
    },
}

/// A 4-D array read from a `.npy` file.
#[derive(Clone, Debug, PartialEq)]
pub struct Array4<T> {
    /// The shape, in the file's order.
    pub shape: [u32; 4],
    /// The elements in C order.
    pub data: Vec<T>,
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> NpyError + '_ {
    move |source| NpyError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Reads a 4-D `.npy` array of `f32` (`<f4`), `f16` (`<f2`) or `u8` (`|u1`).
pub fn read<T: npyz::Deserialize + NpyElement>(path: &Path) -> Result<Array4<T>, NpyError> {
    let file = std::fs::File::open(path).map_err(io_error(path))?;
    let npy = npyz::NpyFile::new(BufReader::new(file)).map_err(io_error(path))?;
    let descr = npy.dtype().descr().replace('\'', "");
    if !T::DESCRS.contains(&descr.as_str()) {
        return Err(NpyError::WrongType {
            path: path.display().to_string(),
            found: descr,
            expected: T::DESCRS[0],
        });
    }
    let shape = npy.shape().to_vec();
    let shape: [u32; 4] = match shape.as_slice() {
        &[a, b, c, d] if [a, b, c, d].iter().all(|&v| v <= u32::MAX as u64) => {
            [a as u32, b as u32, c as u32, d as u32]
        }
        _ => {
            return Err(NpyError::NotFourD {
                path: path.display().to_string(),
                shape,
            });
        }
    };
    let data = npy.into_vec::<T>().map_err(io_error(path))?;
    Ok(Array4 { shape, data })
}

/// Writes a 4-D array as `.npy`.
pub fn write<T: npyz::AutoSerialize + Copy>(
    path: &Path,
    shape: [u32; 4],
    data: &[T],
) -> Result<(), NpyError> {
    let file = std::fs::File::create(path).map_err(io_error(path))?;
    let mut writer = npyz::WriteOptions::new()
        .default_dtype()
        .shape(&shape.map(|d| d as u64))
        .writer(BufWriter::new(file))
        .begin_nd()
        .map_err(io_error(path))?;
    writer
        .extend(data.iter().copied())
        .map_err(io_error(path))?;
    writer.finish().map_err(io_error(path))
}

/// Element types this module reads, with the `.npy` descriptors that hold them.
pub trait NpyElement {
    /// Accepted `descr` strings.
    const DESCRS: &'static [&'static str];
}

impl NpyElement for f32 {
    const DESCRS: &'static [&'static str] = &["<f4"];
}

impl NpyElement for half::f16 {
    const DESCRS: &'static [&'static str] = &["<f2"];
}

impl NpyElement for u8 {
    const DESCRS: &'static [&'static str] = &["|u1", "<u1"];
}
