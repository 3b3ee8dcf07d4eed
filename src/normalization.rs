//! Per-channel normalisation of a resize's output, `(v - mean[c]) / std[c]`: what a model's
//! input wants after resizing (torchvision's `Normalize`, the ImageNet statistics), applied by
//! the resize itself so that no pass of the caller's reads and writes the tensor again.
//!
//! Every filter's weights sum to 1, so normalising after the taps is the same arithmetic as
//! normalising the input first; it is applied after them, to the values the resize would
//! otherwise store (after the colour conversions, extrapolated outputs included), as
//! torchvision applies `Normalize` to a resized tensor.

use crate::error::SpecError;

/// Most channels a normalisation names: a pixel's four (RGBA) at most.
pub const MAX_NORMALIZED_CHANNELS: usize = 4;

/// Per-channel `mean` and `std`: channel `c` of every output becomes
/// `(v - mean[c]) / std[c]`. Set on a spec with [`crate::ResizeSpecBuilder::normalize`]; the
/// spec's channel count must equal [`Normalization::channels`], and its element type must be
/// f32 or f16.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Normalization {
    mean: [f32; MAX_NORMALIZED_CHANNELS],
    std: [f32; MAX_NORMALIZED_CHANNELS],
    channels: u32,
}

impl Normalization {
    /// The ImageNet statistics of torchvision's classification models, for RGB values in
    /// 0..1: mean (0.485, 0.456, 0.406), std (0.229, 0.224, 0.225).
    pub const IMAGENET: Normalization = Normalization {
        mean: [0.485, 0.456, 0.406, 0.0],
        std: [0.229, 0.224, 0.225, 1.0],
        channels: 3,
    };

    /// A normalisation of `mean.len()` channels. Errors unless `mean` and `std` have the same
    /// length, 1 to [`MAX_NORMALIZED_CHANNELS`], every mean is finite and every std finite and
    /// not 0.
    pub fn new(mean: &[f32], std: &[f32]) -> Result<Normalization, SpecError> {
        if mean.len() != std.len() {
            return Err(SpecError::Unsupported(format!(
                "normalisation with {} means and {} standard deviations: give one of each per \
                 channel",
                mean.len(),
                std.len()
            )));
        }
        if mean.is_empty() || mean.len() > MAX_NORMALIZED_CHANNELS {
            return Err(SpecError::InvalidParameter {
                what: "channels normalised",
                value: mean.len() as f64,
                allowed: "1 to 4 (MAX_NORMALIZED_CHANNELS)",
            });
        }
        if let Some(&bad) = mean.iter().find(|m| !m.is_finite()) {
            return Err(SpecError::InvalidParameter {
                what: "normalisation mean",
                value: bad as f64,
                allowed: "a finite number",
            });
        }
        // Subnormal ones too: GPUs may flush them to 0 (Vulkan allows it), a division by 0
        // there and not in the reference; and their reciprocals are not finite f32s.
        if let Some(&bad) = std.iter().find(|s| !s.is_normal()) {
            return Err(SpecError::InvalidParameter {
                what: "normalisation standard deviation",
                value: bad as f64,
                allowed: "a finite number other than 0, of magnitude at least 1.2e-38 \
                          (f32::MIN_POSITIVE)",
            });
        }
        let mut normalization = Normalization {
            mean: [0.0; MAX_NORMALIZED_CHANNELS],
            std: [1.0; MAX_NORMALIZED_CHANNELS],
            channels: mean.len() as u32,
        };
        normalization.mean[..mean.len()].copy_from_slice(mean);
        normalization.std[..std.len()].copy_from_slice(std);
        Ok(normalization)
    }

    /// The same `mean` and `std` for each of `channels` channels (1 to
    /// [`MAX_NORMALIZED_CHANNELS`]): `uniform(3, 0.5, 0.5)` maps 0..1 to -1..1.
    pub fn uniform(channels: u32, mean: f32, std: f32) -> Result<Normalization, SpecError> {
        let count = (channels as usize).min(MAX_NORMALIZED_CHANNELS + 1);
        Normalization::new(&vec![mean; count], &vec![std; count])
    }

    /// The normalisation that undoes this one, `v * std[c] + mean[c]` written as
    /// `(v - mean'[c]) / std'[c]` with `mean' = -mean / std` and `std' = 1 / std` (each rounded
    /// to f32): what turns a model's normalised output back into values to show, in a resize
    /// into a texture ([`crate::gpu::Resizer::encode_buffer_to_texture`]). Errors where `mean'`
    /// is not a finite f32, or `std'` is too small for a normal one (a standard deviation
    /// beyond about 8.5e37).
    pub fn inverse(&self) -> Result<Normalization, SpecError> {
        let channels = self.channels as usize;
        let mean: Vec<f32> = (0..channels).map(|c| -self.mean[c] / self.std[c]).collect();
        let std: Vec<f32> = (0..channels).map(|c| 1.0 / self.std[c]).collect();
        Normalization::new(&mean, &std)
    }

    /// Channels it names.
    pub fn channels(&self) -> u32 {
        self.channels
    }

    /// The means, one per channel.
    pub fn mean(&self) -> &[f32] {
        &self.mean[..self.channels as usize]
    }

    /// The standard deviations, one per channel.
    pub fn std(&self) -> &[f32] {
        &self.std[..self.channels as usize]
    }

    /// Means and standard deviations of all four lanes of a pixel, those past
    /// [`Normalization::channels`] the identity (mean 0, std 1): as the kernels read them.
    pub(crate) fn lanes(
        &self,
    ) -> (
        [f32; MAX_NORMALIZED_CHANNELS],
        [f32; MAX_NORMALIZED_CHANNELS],
    ) {
        (self.mean, self.std)
    }

    /// The same normalisation of four channels, the added ones left as they are: for the
    /// kernels that sum four channels of which the caller keeps the first.
    pub(crate) fn widened(self) -> Normalization {
        Normalization {
            channels: MAX_NORMALIZED_CHANNELS as u32,
            ..self
        }
    }

    /// Channel `c`'s normalised value of `v`, in f64: the CPU reference's.
    pub(crate) fn apply(&self, c: usize, v: f64) -> f64 {
        (v - self.mean[c] as f64) / self.std[c] as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_statistics_are_refused_with_what_is_allowed() {
        let refused = [
            Normalization::new(&[0.5, 0.5], &[0.5]),
            Normalization::new(&[], &[]),
            Normalization::new(&[0.0; 5], &[1.0; 5]),
            Normalization::new(&[f32::NAN], &[1.0]),
            Normalization::new(&[0.0], &[0.0]),
            Normalization::new(&[0.0], &[f32::INFINITY]),
            Normalization::new(&[0.0], &[1e-39]),
            Normalization::new(&[0.0], &[-1e-45]),
            Normalization::uniform(0, 0.5, 0.5),
            Normalization::uniform(9, 0.5, 0.5),
        ];
        for result in refused {
            let error = result.expect_err("refused").to_string();
            assert!(
                error.contains("allowed") || error.contains("one of each"),
                "{error}"
            );
        }
    }

    #[test]
    fn the_inverse_undoes_the_normalisation() {
        let n = Normalization::new(&[0.485, -2.0, 0.0], &[0.229, 4.0, -0.5]).unwrap();
        let inverse = n.inverse().unwrap();
        assert_eq!(inverse.channels(), 3);
        for c in 0..3 {
            for v in [-1.0, 0.0, 0.25, 1.0] {
                let back = inverse.apply(c, n.apply(c, v));
                assert!((back - v).abs() < 1e-6, "channel {c}, {v}: {back}");
            }
        }
        // A mean that its standard deviation takes beyond f32: -1e30 / 1e-10.
        let far = Normalization::new(&[1e30], &[1e-10]).unwrap();
        assert!(far.inverse().is_err());
    }

    #[test]
    fn lanes_past_the_channels_are_the_identity() {
        let n = Normalization::new(&[0.25, -2.0], &[0.5, 4.0]).unwrap();
        assert_eq!(n.channels(), 2);
        assert_eq!(n.mean(), &[0.25, -2.0]);
        assert_eq!(n.std(), &[0.5, 4.0]);
        assert_eq!(n.lanes(), ([0.25, -2.0, 0.0, 0.0], [0.5, 4.0, 1.0, 1.0]));
        assert_eq!(n.apply(0, 1.0), 1.5);
        assert_eq!(n.apply(1, 2.0), 1.0);
        let wide = n.widened();
        assert_eq!(wide.channels(), 4);
        assert_eq!(wide.apply(3, 0.75), 0.75);
        assert_eq!(Normalization::IMAGENET.channels(), 3);
        assert_eq!(
            Normalization::uniform(3, 0.5, 0.5).unwrap().std(),
            &[0.5; 3]
        );
    }
}
