import SpatialMath

extension ARCore {
  /// The affine maps between the seven ``ARCore/Coordinates2d`` spaces for one camera and display
  /// geometry: what `Frame.transformCoordinates2d` computes.
  ///
  /// The chain, through `TEXTURE_NORMALIZED`:
  /// - `TEXTURE_TEXELS` = `TEXTURE_NORMALIZED` * texture size; `IMAGE_NORMALIZED` * image size =
  ///   `IMAGE_PIXELS`.
  /// - `IMAGE_PIXELS` <-> `TEXTURE_TEXELS`: both streams see the same rays, so
  ///   `u_texture = cx'_texture + (fx_texture / fx_image) (u_image - cx'_image)` (likewise v),
  ///   with `cx'` the principal points in continuous pixels; without intrinsics, the same-sensor
  ///   crop model of ``ARCore/CameraIntrinsics/sameSensorStream(dimensions:sensorAspectRatio:convention:)``.
  /// - `TEXTURE_NORMALIZED` -> `VIEW_NORMALIZED`: the texture turned clockwise by the image
  ///   rotation θ = `SENSOR_ORIENTATION - display rotation` (θ = 90°: `(1 - t, s)`) and scaled
  ///   about the centre to fill the view (aspect fill, centred; the overflow is cropped) — the
  ///   formula of ARKit's display transform with θ in place of the interface orientation.
  /// - `VIEW` = `VIEW_NORMALIZED` * view size; `OPENGL_NORMALIZED_DEVICE_COORDINATES` =
  ///   `(2x - 1, 1 - 2y)` of `VIEW_NORMALIZED`.
  public struct CoordinateMapping: Sendable, Hashable {
    /// The display geometry (view size in pixels, display rotation).
    public let displayGeometry: DisplayGeometry
    /// The GPU texture size in texels.
    public let textureSize: Size
    /// The CPU image size in pixels.
    public let imageSize: Size
    /// The clockwise image rotation in quarter turns (see ``ARCore/Camera/imageRotationQuarterTurns(for:)``).
    public let imageRotationQuarterTurns: Int
    /// `IMAGE_PIXELS` -> `TEXTURE_TEXELS`.
    public let textureTexelsFromImagePixels: AffineTransform2D
    /// `TEXTURE_NORMALIZED` -> `VIEW_NORMALIZED`.
    public let viewNormalizedFromTextureNormalized: AffineTransform2D

    /// The mapping of a camera (its two streams' intrinsics and sensor orientation) on a display.
    /// `nil` when the intrinsics give a singular map (they cannot: focal lengths are positive).
    public init?(camera: Camera, displayGeometry: DisplayGeometry) {
      let offset = camera.principalPointConvention.offsetToContinuousPixels
      let image = camera.imageIntrinsics
      let texture = camera.textureIntrinsics
      let scale = texture.focalLengthPixels / image.focalLengthPixels
      let translation =
        (texture.principalPointPixels + offset) - scale * (image.principalPointPixels + offset)
      self.init(
        displayGeometry: displayGeometry, textureSize: texture.imageDimensions,
        imageSize: image.imageDimensions,
        textureTexelsFromImagePixels: AffineTransform2D(
          a: scale.x, b: 0, c: 0, d: scale.y, tx: translation.x, ty: translation.y),
        imageRotationQuarterTurns: camera.imageRotationQuarterTurns(for: displayGeometry.rotation))
    }

    /// The mapping from sizes alone (what `arsim arcore transform` knows): the CPU image and the
    /// texture related by the same-sensor crop model with `sensorAspectRatio`, and the camera's
    /// `sensorOrientationDegrees` (90 for most phones). `nil` when a size or the aspect ratio is
    /// not positive and finite or the orientation is not a multiple of 90 in `0...270`.
    public init?(
      displayGeometry: DisplayGeometry, textureSize: Size, imageSize: Size,
      sensorAspectRatio: Double = 4.0 / 3.0, sensorOrientationDegrees: Int = 90
    ) {
      guard textureSize.isPositiveAndFinite, imageSize.isPositiveAndFinite,
        [0, 90, 180, 270].contains(sensorOrientationDegrees),
        let texture = CameraIntrinsics(
          focalLengthPixels: SIMD2(1, 1),
          principalPointPixels: SIMD2(textureSize.width, textureSize.height) / 2,
          imageDimensions: textureSize),
        let image = texture.sameSensorStream(
          dimensions: imageSize, sensorAspectRatio: sensorAspectRatio, convention: .continuous),
        let camera = Camera(
          pose: .identity, imageIntrinsics: image, textureIntrinsics: texture,
          sensorOrientationDegrees: sensorOrientationDegrees, principalPointConvention: .continuous)
      else { return nil }
      self.init(camera: camera, displayGeometry: displayGeometry)
    }

    private init?(
      displayGeometry: DisplayGeometry, textureSize: Size, imageSize: Size,
      textureTexelsFromImagePixels: AffineTransform2D, imageRotationQuarterTurns: Int
    ) {
      guard
        let display = AffineTransform2D.displayTransform(
          imageResolution: textureSize,
          orientation: Self.orientation(quarterTurns: imageRotationQuarterTurns),
          viewportSize: displayGeometry.viewSize),
        textureTexelsFromImagePixels.inverted() != nil
      else { return nil }
      self.displayGeometry = displayGeometry
      self.textureSize = textureSize
      self.imageSize = imageSize
      self.imageRotationQuarterTurns = imageRotationQuarterTurns
      self.textureTexelsFromImagePixels = textureTexelsFromImagePixels
      self.viewNormalizedFromTextureNormalized = display
    }

    /// The interface orientation whose display rotation is the same number of clockwise quarter
    /// turns (0 landscapeRight, 1 portrait, 2 landscapeLeft, 3 portraitUpsideDown).
    static func orientation(quarterTurns: Int) -> InterfaceOrientation {
      switch (quarterTurns % 4 + 4) % 4 {
      case 0: .landscapeRight
      case 1: .portrait
      case 2: .landscapeLeft
      default: .portraitUpsideDown
      }
    }

    /// The map from `space` to `TEXTURE_NORMALIZED`.
    func textureNormalized(from space: Coordinates2d) -> AffineTransform2D {
      let texture = AffineTransform2D(scaleX: 1 / textureSize.width, y: 1 / textureSize.height)
      // Both inverses exist: the initializer checked the image map; the display transform scales
      // by factors >= 1 and rotates by quarter turns.
      let fromImagePixels = textureTexelsFromImagePixels.concatenating(texture)
      let fromViewNormalized = viewNormalizedFromTextureNormalized.inverted()!
      let view = displayGeometry.viewSize
      switch space {
      case .textureNormalized: return .identity
      case .textureTexels: return texture
      case .imagePixels: return fromImagePixels
      case .imageNormalized:
        return AffineTransform2D(scaleX: imageSize.width, y: imageSize.height)
          .concatenating(fromImagePixels)
      case .viewNormalized: return fromViewNormalized
      case .view:
        return AffineTransform2D(scaleX: 1 / view.width, y: 1 / view.height)
          .concatenating(fromViewNormalized)
      case .openGLNormalizedDeviceCoordinates:
        return AffineTransform2D(a: 0.5, b: 0, c: 0, d: -0.5, tx: 0.5, ty: 0.5)
          .concatenating(fromViewNormalized)
      }
    }

    /// The affine map from one space to another (identity when they are the same).
    public func transform(from input: Coordinates2d, to output: Coordinates2d) -> AffineTransform2D
    {
      guard input != output else { return .identity }
      // Every map to the hub is invertible (scales and quarter-turn rotations).
      return textureNormalized(from: input).concatenating(
        textureNormalized(from: output).inverted()!)
    }

    /// `Frame.transformCoordinates2d(input, vertices, output)`: each point mapped from `input` to
    /// `output`. Points in the same space are copied unmodified; non-finite points stay
    /// non-finite.
    ///
    /// - Complexity: O(n).
    public func transformCoordinates2d(
      from input: Coordinates2d, _ points: [SpatialMath.Point], to output: Coordinates2d
    ) -> [SpatialMath.Point] {
      guard input != output else { return points }
      let t = transform(from: input, to: output)
      return points.map { $0.applying(t) }
    }
  }
}
