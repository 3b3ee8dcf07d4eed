//! One 2-D image of a texture, as a texture resize reads or writes it: a mip level of an array
//! layer. [`Resizer::encode_texture`](super::Resizer::encode_texture) takes each texture's
//! mip level 0 of layer 0; [`Resizer::encode_texture_images`](super::Resizer::encode_texture_images)
//! any image, and [`Resizer::encode_mipmaps`](super::Resizer::encode_mipmaps) fills a texture's
//! mip levels from its first.

use crate::spec::Size2;

/// A mip level of an array layer of a 2-D texture.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TextureImage {
    /// The texture.
    pub texture: wgpu::Texture,
    /// The mip level.
    pub mip_level: u32,
    /// The array layer.
    pub layer: u32,
}

impl TextureImage {
    /// Mip level 0 of layer 0 of `texture`.
    pub fn first(texture: &wgpu::Texture) -> Self {
        Self::at(texture, 0, 0)
    }

    /// Mip level `mip_level` of array layer `layer` of `texture`.
    pub fn at(texture: &wgpu::Texture, mip_level: u32, layer: u32) -> Self {
        TextureImage {
            texture: texture.clone(),
            mip_level,
            layer,
        }
    }

    /// Whether the texture has this mip level and array layer.
    pub fn exists(&self) -> bool {
        self.mip_level < self.texture.mip_level_count()
            && self.layer < self.texture.depth_or_array_layers()
    }

    /// The image's size: the texture's, halved (rounding down, at least 1) per mip level.
    pub fn size(&self) -> Size2 {
        let extent = self
            .texture
            .size()
            .mip_level_size(self.mip_level, self.texture.dimension());
        Size2::new(extent.height, extent.width)
    }

    /// A 2-D view of the image alone.
    pub(crate) fn view(&self, label: &str) -> wgpu::TextureView {
        self.texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some(label),
            base_mip_level: self.mip_level,
            mip_level_count: Some(1),
            base_array_layer: self.layer,
            array_layer_count: Some(1),
            dimension: Some(wgpu::TextureViewDimension::D2),
            ..Default::default()
        })
    }

    /// The image as the destination or source of a copy.
    pub(crate) fn copy_info(&self) -> wgpu::TexelCopyTextureInfo<'_> {
        wgpu::TexelCopyTextureInfo {
            texture: &self.texture,
            mip_level: self.mip_level,
            origin: wgpu::Origin3d {
                x: 0,
                y: 0,
                z: self.layer,
            },
            aspect: wgpu::TextureAspect::All,
        }
    }

    /// The extent of a copy of the whole image.
    pub(crate) fn copy_extent(&self) -> wgpu::Extent3d {
        let size = self.size();
        wgpu::Extent3d {
            width: size.width,
            height: size.height,
            depth_or_array_layers: 1,
        }
    }
}

/// A 2-D texture of `size` texels of `format`, one mip level and one layer: what the texture
/// routes' tuning, the bench and `wgresize plan` make for the images they resize.
pub fn single_image_texture(
    device: &wgpu::Device,
    label: &str,
    size: Size2,
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: size.width,
            height: size.height,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    })
}
