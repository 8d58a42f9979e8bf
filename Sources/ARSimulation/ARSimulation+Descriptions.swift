import SpatialMath

// Rounded, unit-bearing descriptions (`print(camera)`) and exact debug descriptions
// (`debugPrint(camera)`). World lengths in metres to the millimetre, pixels and points to 0.01,
// normalized coordinates to 4 fraction digits, directions to 3.

extension CameraIntrinsics: CustomStringConvertible, CustomDebugStringConvertible {
  /// `fx 1445 px, fy 1445 px, principal point (959.5, 719.5) px` (ARKit's convention: pixel
  /// centres at integers).
  public var description: String {
    "fx \(DescriptionFormat.number(focalLengthXPixels, digits: 2)) px, "
      + "fy \(DescriptionFormat.number(focalLengthYPixels, digits: 2)) px, "
      + "principal point \(principalPointPixels) px"
  }

  /// The exact values.
  public var debugDescription: String {
    "CameraIntrinsics(fx: \(focalLengthXPixels), fy: \(focalLengthYPixels), "
      + "ox: \(principalPointPixels.x), oy: \(principalPointPixels.y))"
  }
}

extension Camera: CustomStringConvertible, CustomDebugStringConvertible {
  /// `camera at (0, 1.5, 0) m looking along (0, 0, -1), 1920 x 1440 px, fx 1445 px, ...`.
  public var description: String {
    let forward = worldFromCamera.transformDirection(SIMD3(0, 0, -1))
    var text =
      "camera at \(DescriptionFormat.position(positionInWorld)) looking along "
      + "\(DescriptionFormat.direction(forward)), \(imageResolution) px, \(intrinsics)"
    if let distortion {
      text += ", distortion k1 \(DescriptionFormat.number(distortion.k1, digits: 4))"
    }
    return text
  }

  /// The exact pose, intrinsics, resolution and distortion.
  public var debugDescription: String {
    "Camera(transform: \(transform.debugDescription), intrinsics: \(intrinsics.debugDescription), "
      + "imageResolution: \(imageResolution.debugDescription), "
      + "distortion: \(distortion.map { "\($0)" } ?? "nil"))"
  }
}

extension Viewport: CustomStringConvertible, CustomDebugStringConvertible {
  /// `390 x 844 pt, portrait`.
  public var description: String { "\(size) pt, \(interfaceOrientation.name)" }

  /// The exact size and the orientation.
  public var debugDescription: String {
    "Viewport(size: \(size.debugDescription), interfaceOrientation: .\(interfaceOrientation.name))"
  }
}

extension PlaneExtent: CustomStringConvertible, CustomDebugStringConvertible {
  /// `0.8 x 0.3 m` (and `, turned 15°` when rotated about the normal).
  public var description: String {
    let size =
      "\(DescriptionFormat.number(width, digits: 3)) x "
      + "\(DescriptionFormat.meters(height))"
    return rotationOnYAxis.radians == 0 ? size : "\(size), turned \(rotationOnYAxis)"
  }

  /// The exact values.
  public var debugDescription: String {
    "PlaneExtent(width: \(width), height: \(height), rotationOnYAxis: "
      + "\(rotationOnYAxis.debugDescription))"
  }
}

extension PlaneBoundary: CustomStringConvertible, CustomDebugStringConvertible {
  /// `4 vertices, 0.24 m²`.
  public var description: String {
    "\(vertices.count) vertices, \(DescriptionFormat.number(area, digits: 4)) m²"
  }

  /// The exact vertices.
  public var debugDescription: String { "PlaneBoundary(vertices: \(vertices))" }
}

extension PlaneAnchor: CustomStringConvertible, CustomDebugStringConvertible {
  /// `plane "dashboard" (vertical) at (0, 1, -0.6) m, normal (0, 0.5, 0.866), 0.8 x 0.3 m`.
  public var description: String {
    let kind =
      classification == .none ? alignment.name : "\(alignment.name), \(classification.name)"
    return "plane \"\(identifier)\" (\(kind)) at \(DescriptionFormat.position(worldPosition)), "
      + "normal \(DescriptionFormat.direction(worldNormal)), \(extent)"
  }

  /// The exact values.
  public var debugDescription: String {
    "PlaneAnchor(identifier: \(identifier.debugDescription), transform: "
      + "\(transform.debugDescription), center: \(center), extent: \(extent.debugDescription), "
      + "boundary: \(boundary.debugDescription), alignment: .\(alignment.name), "
      + "classification: .\(classification.name))"
  }
}

extension FrameWorld: CustomStringConvertible {
  /// `2 plane anchors, 64 feature points`.
  public var description: String {
    "\(planeAnchors.count) plane anchor\(planeAnchors.count == 1 ? "" : "s"), "
      + "\(featurePoints.count) feature point\(featurePoints.count == 1 ? "" : "s")"
  }
}

extension RaycastQuery: CustomStringConvertible, CustomDebugStringConvertible {
  /// `query from (0, 1.5, 0) m along (0, 0, -1) for existingPlaneGeometry, any alignment`.
  public var description: String {
    "query from \(DescriptionFormat.position(origin)) along "
      + "\(DescriptionFormat.direction(direction)) for \(target.name), "
      + "\(targetAlignment.name) alignment"
  }

  /// The exact values.
  public var debugDescription: String {
    "RaycastQuery(origin: \(origin), direction: \(direction), target: .\(target.name), "
      + "alignment: .\(targetAlignment.name))"
  }
}

extension RaycastResult: CustomStringConvertible, CustomDebugStringConvertible {
  /// `hit at (0, 0, -2) m, 2 m along the ray, on "wall" (existingPlaneGeometry, vertical)`.
  public var description: String {
    let on = anchorIdentifier.map { " on \"\($0)\"" } ?? ""
    return "hit at \(DescriptionFormat.position(worldPosition)), "
      + "\(DescriptionFormat.meters(distance)) along the ray\(on) "
      + "(\(target.name), \(targetAlignment.name))"
  }

  /// The exact values.
  public var debugDescription: String {
    "RaycastResult(worldTransform: \(worldTransform.debugDescription), target: .\(target.name), "
      + "targetAlignment: .\(targetAlignment.name), anchorIdentifier: "
      + "\(anchorIdentifier.map { $0.debugDescription } ?? "nil"), distance: \(distance))"
  }
}

extension BatchRaycastResult: CustomStringConvertible {
  /// `1000 rays, 734 hits`.
  public var description: String {
    let hits = planeIndex.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
    return "\(count) ray\(count == 1 ? "" : "s"), \(hits) hit\(hits == 1 ? "" : "s")"
  }
}
