import ARSimulation
import SpatialMath

extension RecordingFrame {
  /// The frame as ARCore shows it (`com.google.ar.core.Frame`) under an `"arcore"` recording's
  /// session settings:
  /// - the camera's pose is `camera.transform`; its texture intrinsics are `camera.intrinsics`
  ///   (ARKit's `ox, oy` count pixel centres at integers, so ARCore's principal point is
  ///   `ox, oy` under the `pixelCentersAtIntegers` convention and `ox + 0.5, oy + 0.5` under
  ///   `continuous`) at `camera.imageResolution`; its image intrinsics are
  ///   `arcore.imageIntrinsics`, or the texture's when absent; its tracking state and failure
  ///   reason `arcore.trackingState` and `arcore.trackingFailureReason`;
  /// - each plane's center pose is `transform · T(center) · R_y(rotationOnYAxis)`, its extents
  ///   the extent's width and height, its polygon the boundary in that pose's xz plane; its type
  ///   `VERTICAL` for vertical planes, else upward or downward facing by the sign of the normal's
  ///   y; tracking state and `subsumedBy` from `arcore.planeStates`;
  /// - the point cloud is `featurePoints` (identifiers 1, 2, ... when the JSON has none) with
  ///   `arcore.pointConfidences`;
  /// - the display geometry is `arcore.displayGeometry`, or the session's;
  /// - the depth mode is the session's `depthMode`; the full depth image
  ///   (`acquireDepthImage16Bits`) is `smoothedSceneDepth`, else `sceneDepth`, the raw depth
  ///   image `sceneDepth`, each rounded to whole millimetres (see ``ARCore/DepthImage``), and the
  ///   raw confidence image `sceneDepth`'s confidence as
  ///   ``ARCore/DepthConfidenceImage/value(for:)`` grades it; a frame without depth has none
  ///   (`NotYetAvailableException`).
  ///
  /// - Throws: ``InputFileError`` with a path relative to the frame: a non-rigid camera or plane
  ///   transform, a camera `distortion` (ARCore's streams are undistorted pinholes), or a
  ///   boundary that does not make a polygon, or depth that is not valid.
  public func arcoreFrame(
    session: RecordingARCoreSession, hitTestOptions: ARCore.HitTestOptions = .default
  ) throws -> ARCore.Frame {
    // Depth is converted only when the mode gives the app some.
    let depth = session.depthMode == .disabled ? RecordedDepthData() : try depthData()
    return try arcoreFrame(session: session, hitTestOptions: hitTestOptions, depth: depth)
  }

  /// ``arcoreFrame(session:hitTestOptions:)`` with the frame's depth already converted
  /// (``depthData()``), so a caller that needs it too converts it once.
  package func arcoreFrame(
    session: RecordingARCoreSession, hitTestOptions: ARCore.HitTestOptions = .default,
    depth: RecordedDepthData
  ) throws -> ARCore.Frame {
    let block = arcore ?? RecordingARCoreFrame()
    let camera = try arcoreCamera(session: session, block: block)
    let states = Dictionary(
      block.planeStates.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    var arcorePlanes: [ARCore.Plane] = []
    for (offset, plane) in planes.enumerated() {
      do {
        arcorePlanes.append(try plane.arcorePlane(state: states[plane.identifier]))
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("planes"))
      }
    }
    let points = (featurePoints?.points ?? []).map { SIMD3<Float>($0) }
    let cloud = try InputFileError.converting(path: [.key("featurePoints")]) {
      () throws(ARCoreError) in
      try ARCore.PointCloud(
        points: points,
        identifiers: featurePoints?.identifiers ?? points.indices.map { UInt64($0 + 1) },
        confidences: block.pointConfidences?.map(Float.init))
    }
    let geometry: ARCore.DisplayGeometry
    do {
      geometry = try (block.displayGeometry ?? session.displayGeometry).displayGeometry
    } catch let error as InputFileError {
      throw error.prefixed(.key("displayGeometry")).prefixed(.key("arcore"))
    }
    let images = Self.arcoreDepth(depth, mode: session.depthMode)
    let nanoseconds = (timestamp * 1e9).rounded()
    guard abs(nanoseconds) < 9.2e18 else {
      throw InputFileError(
        .invalidValue, "timestamp out of range for nanoseconds", path: [.key("timestamp")])
    }
    return try InputFileError.converting(path: [.key("camera")]) { () throws(ARCoreError) in
      try ARCore.Frame(
        timestampNanoseconds: Int64(nanoseconds), camera: camera, displayGeometry: geometry,
        planes: arcorePlanes, pointCloud: cloud,
        instantPlacementMode: session.instantPlacementMode, depthMode: session.depthMode,
        depth: images, hitTestOptions: hitTestOptions)
    }
  }

  /// The ML Kit objects of the frame (`arcore.mlKitObjects`), in file order.
  ///
  /// - Throws: ``InputFileError`` at `arcore.mlKitObjects[i]` for an object that is not valid.
  public var mlKitObjects: [ARCore.MLKitDetectedObject] {
    get throws {
      var objects: [ARCore.MLKitDetectedObject] = []
      for (offset, object) in (arcore?.mlKitObjects ?? []).enumerated() {
        do {
          objects.append(try object.detectedObject)
        } catch let error as InputFileError {
          throw error.prefixed(.index(offset)).prefixed(.key("mlKitObjects")).prefixed(
            .key("arcore"))
        }
      }
      return objects
    }
  }

  /// The frame's depth in ARCore's images, the ones the depth mode provides.
  private static func arcoreDepth(
    _ depth: RecordedDepthData, mode: ARCore.Frame.DepthMode
  ) -> ARCore.Frame.Depth {
    guard mode != .disabled else { return .none }
    let raw = depth.sceneDepth
    let full = mode == .automatic ? depth.smoothedSceneDepth ?? raw : nil
    return ARCore.Frame.Depth(
      depthImage: full.map { ARCore.DepthImage($0.depthMap) },
      rawDepthImage: raw.map { ARCore.DepthImage($0.depthMap) },
      rawDepthConfidenceImage: raw.map { ARCore.DepthConfidenceImage($0) })
  }

  private func arcoreCamera(
    session: RecordingARCoreSession, block: RecordingARCoreFrame
  ) throws -> ARCore.Camera {
    guard let matrix = camera.worldFromCamera, let pose = try? RigidTransform(matrix) else {
      throw InputFileError(
        .invalidValue, "camera transform must be rigid", path: [.key("camera"), .key("transform")])
    }
    if camera.distortion != nil {
      throw InputFileError(
        .invalidValue, "ARCore's camera streams have no lens distortion",
        path: [.key("camera"), .key("distortion")])
    }
    let k = camera.intrinsics
    let shift = 0.5 - session.principalPointConvention.offsetToContinuousPixels
    let texture = try InputFileError.converting(path: [.key("camera"), .key("intrinsics")]) {
      () throws(ARCoreError) in
      try ARCore.CameraIntrinsics(
        focalLengthPixels: SIMD2(k[0], k[4]), principalPointPixels: SIMD2(k[6], k[7]) + shift,
        imageDimensions: camera.imageResolution)
    }
    var image = texture
    if let recorded = block.imageIntrinsics {
      do {
        image = try recorded.intrinsics
      } catch let error as InputFileError {
        throw error.prefixed(.key("imageIntrinsics")).prefixed(.key("arcore"))
      }
    }
    return try InputFileError.converting(path: [.key("arcore")]) { () throws(ARCoreError) in
      try ARCore.Camera(
        pose: ARCore.Pose(pose), imageIntrinsics: image, textureIntrinsics: texture,
        sensorOrientationDegrees: session.sensorOrientation,
        principalPointConvention: session.principalPointConvention,
        trackingState: block.trackingState, trackingFailureReason: block.trackingFailureReason)
    }
  }
}

extension RecordingPlane {
  /// The plane as ARCore describes it (see ``RecordingFrame/arcoreFrame(session:hitTestOptions:)``).
  ///
  /// - Throws: ``InputFileError`` naming `transform` (not rigid) or `boundary`.
  func arcorePlane(state: RecordingARCoreFrame.PlaneState?) throws -> ARCore.Plane {
    guard let matrix = worldFromPlane, let worldFromPlane = try? RigidTransform(matrix) else {
      throw InputFileError(
        .invalidValue, "plane transform must be rigid for ARCore", path: [.key("transform")])
    }
    let spin = Quaternion(
      angle: .radians(extent.rotationOnYAxisRadians), axis: SIMD3<Float>(0, 1, 0))
    let planeFromCenter = RigidTransform(rotation: spin, translation: SIMD3<Float>(center))
    let centerPose = worldFromPlane * planeFromCenter
    let centerFromPlane = planeFromCenter.inverse
    let polygon = boundary.map { vertex -> SIMD2<Float> in
      let p = centerFromPlane.transformPoint(SIMD3<Float>(vertex))
      return SIMD2(p.x, p.z)
    }
    let normal = centerPose.transformDirection(SIMD3(0, 1, 0))
    let type: ARCore.Plane.PlaneType =
      alignment == .vertical
      ? .vertical : (normal.y >= 0 ? .horizontalUpwardFacing : .horizontalDownwardFacing)
    return try InputFileError.converting(path: [.key("boundary")]) { () throws(ARCoreError) in
      try ARCore.Plane(
        identifier: identifier, type: type, centerPose: ARCore.Pose(centerPose),
        extentX: Float(extent.width), extentZ: Float(extent.height), polygon: polygon,
        trackingState: state?.trackingState ?? .tracking, subsumedBy: state?.subsumedBy)
    }
  }
}
