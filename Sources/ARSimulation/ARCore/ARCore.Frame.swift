import SpatialMath

extension ARCore {
  /// One ARCore frame (`com.google.ar.core.Frame`): the camera, the display geometry in force, the
  /// tracked planes and the point cloud, with ARCore's 2D transforms and hit tests.
  public struct Frame: Sendable, Hashable {
    /// `Config.InstantPlacementMode`.
    public enum InstantPlacementMode: CaseNameCodable, Hashable {
      /// Instant placement is off: `hitTestInstantPlacement` returns no results.
      case disabled
      /// Instant placement with +y up against gravity.
      case localYUp

      /// Decodes the case from ARCore's name.
      public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
      /// Encodes ARCore's name.
      public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

      /// ARCore's name (`"DISABLED"`, `"LOCAL_Y_UP"`).
      public var name: String {
        switch self {
        case .disabled: "DISABLED"
        case .localYUp: "LOCAL_Y_UP"
        }
      }
    }

    /// `Config.DepthMode`: which depth images the frame provides and whether hit tests return
    /// depth points.
    public enum DepthMode: CaseNameCodable, Hashable {
      /// No depth: the depth images are not available (`IllegalStateException`).
      case disabled
      /// The full, smoothed depth image (`acquireDepthImage16Bits`) and the raw depth with its
      /// confidence; `hitTest` also returns ``ARCore/DepthPoint``s sampled from the full image.
      case automatic
      /// Only the raw depth and its confidence (`acquireRawDepthImage16Bits`,
      /// `acquireRawDepthConfidenceImage`); no full image and no depth points.
      case rawDepthOnly

      /// Decodes the case from ARCore's name.
      public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
      /// Encodes ARCore's name.
      public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

      /// ARCore's name (`"DISABLED"`, `"AUTOMATIC"`, `"RAW_DEPTH_ONLY"`).
      public var name: String {
        switch self {
        case .disabled: "DISABLED"
        case .automatic: "AUTOMATIC"
        case .rawDepthOnly: "RAW_DEPTH_ONLY"
        }
      }
    }

    /// The depth images of a frame (what the app may acquire is also up to the depth mode).
    public struct Depth: Sendable, Hashable {
      /// The full, smoothed and hole-filled depth, or `nil` when this frame has none.
      public var depthImage: DepthImage?
      /// The raw depth, or `nil` when this frame has none.
      public var rawDepthImage: DepthImage?
      /// The raw depth's confidence, the raw image's size; `nil` with no raw depth.
      public var rawDepthConfidenceImage: DepthConfidenceImage?

      /// Creates the depth of a frame.
      public init(
        depthImage: DepthImage? = nil, rawDepthImage: DepthImage? = nil,
        rawDepthConfidenceImage: DepthConfidenceImage? = nil
      ) {
        self.depthImage = depthImage
        self.rawDepthImage = rawDepthImage
        self.rawDepthConfidenceImage = rawDepthConfidenceImage
      }

      /// No depth.
      public static let none = Depth()
    }

    /// `getTimestamp()`: nanoseconds (time base undefined, as ARCore's).
    public let timestampNanoseconds: Int64
    /// `getCamera()`.
    public let camera: Camera
    /// The display geometry of the last `Session.setDisplayGeometry` call.
    public let displayGeometry: DisplayGeometry
    /// The session's planes (`Session.getAllTrackables(Plane.class)`), in a fixed order.
    public let planes: [Plane]
    /// `acquirePointCloud()`.
    public let pointCloud: PointCloud
    /// The session's instant placement mode.
    public let instantPlacementMode: InstantPlacementMode
    /// The session's depth mode.
    public let depthMode: DepthMode
    /// The depth images of this frame (acquire them with ``acquireDepthImage16Bits()`` and its
    /// siblings, which apply the depth mode).
    public let depth: Depth
    /// The undocumented hit-test choices.
    public let hitTestOptions: HitTestOptions
    /// The maps between the 2D spaces for this camera and display geometry.
    public let coordinateMapping: CoordinateMapping

    /// Creates a frame.
    ///
    /// - Throws: ``ARCoreError/displayMappingNotValid(_:)`` when the texture and the view are too
    ///   far apart in aspect ratio to map between.
    public init(
      timestampNanoseconds: Int64, camera: Camera, displayGeometry: DisplayGeometry,
      planes: [Plane] = [], pointCloud: PointCloud = .empty,
      instantPlacementMode: InstantPlacementMode = .disabled,
      depthMode: DepthMode = .disabled, depth: Depth = .none,
      hitTestOptions: HitTestOptions = .default
    ) throws(ARCoreError) {
      if let raw = depth.rawDepthImage, let confidence = depth.rawDepthConfidenceImage,
        raw.width != confidence.width || raw.height != confidence.height
      {
        throw .depthConfidenceSizeMismatch
      }
      let mapping = try CoordinateMapping(camera: camera, displayGeometry: displayGeometry)
      self.timestampNanoseconds = timestampNanoseconds
      self.camera = camera
      self.displayGeometry = displayGeometry
      self.planes = planes
      self.pointCloud = pointCloud
      self.instantPlacementMode = instantPlacementMode
      self.depthMode = depthMode
      self.depth = depth
      self.hitTestOptions = hitTestOptions
      self.coordinateMapping = mapping
    }

    /// `transformCoordinates2d(inputCoordinates, inputVertices, outputCoordinates)`: points from
    /// one 2D space to another (see ``ARCore/CoordinateMapping`` for the chain). The same space in
    /// and out copies the points unmodified.
    ///
    /// - Complexity: O(n).
    public func transformCoordinates2d(
      from input: Coordinates2d, _ points: [SpatialMath.Point], to output: Coordinates2d
    ) -> [SpatialMath.Point] {
      coordinateMapping.transformCoordinates2d(from: input, points, to: output)
    }

    /// The world ray from the camera through a view pixel (`VIEW`, top-left origin); `nil` for a
    /// point that is not finite.
    public func ray(throughViewPixel x: Double, _ y: Double) -> Ray? {
      let texel = SpatialMath.Point(x: x, y: y).applying(
        coordinateMapping.transform(from: .view, to: .textureTexels))
      return camera.ray(throughTextureTexel: texel)
    }

    /// `getViewMatrix()` of the camera for this frame's display rotation.
    public var viewMatrix: Matrix4x4 { camera.viewMatrix(for: displayGeometry.rotation) }

    /// `Camera.getProjectionMatrix(near, far)`: OpenGL's convention (column-major, clip z / w from
    /// -1 at `near` to +1 at `far`), for this frame's display geometry, consistent with
    /// `transformCoordinates2d`: a world point `p` with `clip = projection * viewMatrix * (p, 1)`
    /// lands at `OPENGL_NORMALIZED_DEVICE_COORDINATES` `clip.xy / clip.w`. `nil` unless
    /// `0 < near < far`, both finite.
    public func projectionMatrix(near: Double, far: Double) -> Matrix4x4? {
      // The ARKit camera with the texture's intrinsics, as ARKit counts its principal point, has
      // the same pinhole and display transform; its Metal depth (0...1) becomes OpenGL's (-1...1)
      // by z' = 2z - w.
      guard near.isFinite, far.isFinite, near > 0, far > near else { return nil }
      let k = camera.textureIntrinsics
      let offset = camera.principalPointConvention.offsetToContinuousPixels
      guard
        let intrinsics = try? ARSimulation.CameraIntrinsics(
          fx: k.focalLengthPixels.x, fy: k.focalLengthPixels.y,
          ox: k.principalPointPixels.x + offset - 0.5, oy: k.principalPointPixels.y + offset - 0.5),
        let pinhole = try? ARSimulation.Camera(
          transform: .identity, intrinsics: intrinsics, imageResolution: k.imageDimensions)
      else { return nil }
      var m = pinhole.projectionMatrix(
        for: InterfaceOrientation(
          quarterTurnsClockwise: coordinateMapping.imageRotationQuarterTurns),
        viewportSize: displayGeometry.viewSize, zNear: near, zFar: far)
      m.columns.2.z = 2 * m.columns.2.z - m.columns.2.w
      m.columns.3.z = 2 * m.columns.3.z - m.columns.3.w
      return m
    }
  }
}
