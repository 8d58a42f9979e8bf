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
    ///
    /// - Throws: ``ARCoreError/displayMappingNotValid(_:)`` when the texture's and the view's
    ///   aspect ratios are too far apart for the fill scale to be represented.
    public init(camera: Camera, displayGeometry: DisplayGeometry) throws(ARCoreError) {
      let offset = camera.principalPointConvention.offsetToContinuousPixels
      let image = camera.imageIntrinsics
      let texture = camera.textureIntrinsics
      let scale = texture.focalLengthPixels / image.focalLengthPixels
      let translation =
        (texture.principalPointPixels + offset) - scale * (image.principalPointPixels + offset)
      try self.init(
        displayGeometry: displayGeometry, textureSize: texture.imageDimensions,
        imageSize: image.imageDimensions,
        textureTexelsFromImagePixels: AffineTransform2D(
          a: scale.x, b: 0, c: 0, d: scale.y, tx: translation.x, ty: translation.y),
        imageRotationQuarterTurns: camera.imageRotationQuarterTurns(for: displayGeometry.rotation))
    }

    /// The same-sensor crop model's `IMAGE_PIXELS` -> `TEXTURE_TEXELS` map (continuous pixels):
    /// `u_t = W_t/2 + r (u_i - W_i/2)` with `r` the ratio of the streams' pixels per sensor
    /// height (see ``ARCore/CameraIntrinsics/sameSensorStream(dimensions:sensorAspectRatio:convention:)``),
    /// computed so that whole ratios stay exact (two streams spanning the sensor's width: `r =
    /// W_t/W_i`).
    static func sameSensorMap(
      textureSize t: Size, imageSize i: Size, sensorAspectRatio a: Double
    ) -> AffineTransform2D {
      let textureSpansWidth = t.width / t.height >= a
      let imageSpansWidth = i.width / i.height >= a
      let r: Double =
        switch (textureSpansWidth, imageSpansWidth) {
        case (true, true): t.width / i.width
        case (false, false): t.height / i.height
        case (true, false): t.width / (a * i.height)
        case (false, true): a * t.height / i.width
        }
      return AffineTransform2D(
        a: r, b: 0, c: 0, d: r, tx: t.width / 2 - r * i.width / 2,
        ty: t.height / 2 - r * i.height / 2)
    }

    /// The mapping from sizes alone (what `arsim arcore transform` knows): the CPU image and the
    /// texture related by the same-sensor crop model with `sensorAspectRatio`, and the camera's
    /// `sensorOrientationDegrees` (90 for most phones).
    ///
    /// - Throws: ``ARCoreError/streamSizeNotPositive(_:)``,
    ///   ``ARCoreError/sensorAspectRatioNotPositive(_:)``,
    ///   ``ARCoreError/notAQuarterTurn(degrees:)`` or
    ///   ``ARCoreError/displayMappingNotValid(_:)``.
    public init(
      displayGeometry: DisplayGeometry, textureSize: Size, imageSize: Size,
      sensorAspectRatio: Double = 4.0 / 3.0, sensorOrientationDegrees: Int = 90
    ) throws(ARCoreError) {
      for size in [textureSize, imageSize] where !size.isPositiveAndFinite {
        throw .streamSizeNotPositive(size)
      }
      guard sensorAspectRatio.isFinite, sensorAspectRatio > 0 else {
        throw .sensorAspectRatioNotPositive(sensorAspectRatio)
      }
      guard ARCore.rightAngleDegrees.contains(sensorOrientationDegrees) else {
        throw .notAQuarterTurn(degrees: sensorOrientationDegrees)
      }
      let turns = displayGeometry.imageRotationQuarterTurns(
        sensorOrientationDegrees: sensorOrientationDegrees)
      try self.init(
        displayGeometry: displayGeometry, textureSize: textureSize, imageSize: imageSize,
        textureTexelsFromImagePixels: Self.sameSensorMap(
          textureSize: textureSize, imageSize: imageSize, sensorAspectRatio: sensorAspectRatio),
        imageRotationQuarterTurns: turns)
    }

    private init(
      displayGeometry: DisplayGeometry, textureSize: Size, imageSize: Size,
      textureTexelsFromImagePixels: AffineTransform2D, imageRotationQuarterTurns: Int
    ) throws(ARCoreError) {
      let display: AffineTransform2D
      do {
        display = try AffineTransform2D.displayTransform(
          imageResolution: textureSize,
          orientation: InterfaceOrientation(quarterTurnsClockwise: imageRotationQuarterTurns),
          viewportSize: displayGeometry.viewSize)
      } catch {
        throw .displayMappingNotValid(error)
      }
      // The image map is a positive scale per axis (focal-length or size ratios) and a
      // translation: always invertible. Extreme ratios that underflow are refused the same way.
      guard let inverse = textureTexelsFromImagePixels.inverted(), inverse.isFinite else {
        throw .displayMappingNotValid(
          .scaleOutOfRange(imageResolution: imageSize, viewportSize: textureSize))
      }
      self.displayGeometry = displayGeometry
      self.textureSize = textureSize
      self.imageSize = imageSize
      self.imageRotationQuarterTurns = imageRotationQuarterTurns
      self.textureTexelsFromImagePixels = textureTexelsFromImagePixels
      self.viewNormalizedFromTextureNormalized = display
    }

    /// The spaces in the order of the chain; `OPENGL_NORMALIZED_DEVICE_COORDINATES` hangs off
    /// `VIEW_NORMALIZED` beside `VIEW`.
    private static let chain: [Coordinates2d] = [
      .imageNormalized, .imagePixels, .textureTexels, .textureNormalized, .viewNormalized, .view,
    ]

    /// The map from `chain[index]` to `chain[index + 1]` (`forward`) or back. Scales are written
    /// both ways so that whole-pixel results stay whole.
    private func step(_ index: Int, forward: Bool) -> AffineTransform2D {
      let view = displayGeometry.viewSize
      switch (index, forward) {
      case (0, true): return AffineTransform2D(scaleX: imageSize.width, y: imageSize.height)
      case (0, false):
        return AffineTransform2D(scaleX: 1 / imageSize.width, y: 1 / imageSize.height)
      case (1, true): return textureTexelsFromImagePixels
      // The initializer checked that this inverse exists.
      case (1, false): return textureTexelsFromImagePixels.inverted()!
      case (2, true):
        return AffineTransform2D(scaleX: 1 / textureSize.width, y: 1 / textureSize.height)
      case (2, false): return AffineTransform2D(scaleX: textureSize.width, y: textureSize.height)
      case (3, true): return viewNormalizedFromTextureNormalized
      // Quarter-turn rotations and fill scales >= 1: always invertible.
      case (3, false): return viewNormalizedFromTextureNormalized.inverted()!
      case (4, true): return AffineTransform2D(scaleX: view.width, y: view.height)
      default: return AffineTransform2D(scaleX: 1 / view.width, y: 1 / view.height)
      }
    }

    /// The map between two spaces of the chain, composed step by step.
    private func chainTransform(from a: Int, to b: Int) -> AffineTransform2D {
      var t = AffineTransform2D.identity
      if a < b {
        for i in a..<b { t = t.concatenating(step(i, forward: true)) }
      } else {
        for i in stride(from: a - 1, through: b, by: -1) {
          t = t.concatenating(step(i, forward: false))
        }
      }
      return t
    }

    /// `VIEW_NORMALIZED` -> `OPENGL_NORMALIZED_DEVICE_COORDINATES`: `(2x - 1, 1 - 2y)`.
    private static let ndcFromViewNormalized = AffineTransform2D(
      a: 2, b: 0, c: 0, d: -2, tx: -1, ty: 1)
    /// The inverse: `((X + 1)/2, (1 - Y)/2)`.
    private static let viewNormalizedFromNDC = AffineTransform2D(
      a: 0.5, b: 0, c: 0, d: -0.5, tx: 0.5, ty: 0.5)

    /// The affine map from one space to another (identity when they are the same), composed along
    /// the chain image normalized - image pixels - texture texels - texture normalized - view
    /// normalized - view (NDC beside view).
    public func transform(from input: Coordinates2d, to output: Coordinates2d) -> AffineTransform2D
    {
      guard input != output else { return .identity }
      let viewNormalized = Self.chain.firstIndex(of: .viewNormalized)!
      switch (input, output) {
      case (.openGLNormalizedDeviceCoordinates, _):
        return Self.viewNormalizedFromNDC.concatenating(
          transform(from: .viewNormalized, to: output))
      case (_, .openGLNormalizedDeviceCoordinates):
        return transform(from: input, to: .viewNormalized).concatenating(
          Self.ndcFromViewNormalized)
      default:
        let a = Self.chain.firstIndex(of: input) ?? viewNormalized
        let b = Self.chain.firstIndex(of: output) ?? viewNormalized
        return chainTransform(from: a, to: b)
      }
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
