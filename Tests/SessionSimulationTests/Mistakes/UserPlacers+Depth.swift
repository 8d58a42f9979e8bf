import SessionSimulation

/// Depth placement written by hand, the way a LiDAR app might, without `DepthPlacement`: the
/// depth pixel under an image point, the mean of the confident pixels of its 3 x 3
/// neighbourhood, unprojected with intrinsics scaled to the map by hand.
extension UserPlacers {
  /// The depth (metres) around the depth pixel under image-normalized `point`, and that pixel's
  /// continuous coordinates, or `nil` without confident depth there.
  static func depthSample(at point: Point, _ frame: SimulatedFrame)
    -> (z: Float, u: Double, v: Double)?
  {
    guard let depth = frame.sceneDepth, point.isFinite else { return nil }
    let map = depth.depthMap
    let u = point.x * Double(map.width)
    let v = point.y * Double(map.height)
    let (column, row) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
    var sum: Float = 0
    var count = 0
    for r in (row - 1)...(row + 1) {
      for c in (column - 1)...(column + 1) {
        guard let z = map.depthMeters(column: c, row: r),
          let confidence = depth.confidence(column: c, row: r), confidence != .low
        else { continue }
        sum += z
        count += 1
      }
    }
    return count == 0 ? nil : (sum / Float(count), u, v)
  }

  /// The camera-space point at z-depth `z` of depth pixel `(u, v)`, with the intrinsics scaled
  /// by `scale` (depth width over image width; 1 leaves them at the image's).
  static func unproject(
    _ z: Float, u: Double, v: Double, _ frame: SimulatedFrame, scale: Double
  ) -> SIMD3<Float> {
    let k = frame.camera.intrinsics
    let fx = k.focalLengthXPixels * scale
    let fy = k.focalLengthYPixels * scale
    let cx = (k.principalPointPixels.x + 0.5) * scale
    let cy = (k.principalPointPixels.y + 0.5) * scale
    return SIMD3(Float((u - cx) / fx) * z, Float(-(v - cy) / fy) * z, -z)
  }

  /// Depth width over image width.
  static func depthScale(_ frame: SimulatedFrame) -> Double {
    guard let depth = frame.sceneDepth else { return 1 }
    return Double(depth.depthMap.width) / frame.camera.imageResolution.width
  }

  /// The correct depth placement.
  static let correctDepth: Place = { d, f, _ in
    guard let t = trace(d.boundingBox, f), let s = depthSample(at: t.center.imageNormalized, f)
    else { return nil }
    let point = unproject(s.z, u: s.u, v: s.v, f, scale: depthScale(f))
    return f.camera.worldFromCamera.transformPoint(point)
  }

  static let depthMistakes: [String: Place] = [
    "depth-at-viewport-point": { d, f, _ in
      guard let t = trace(d.boundingBox, f),
        let s = depthSample(at: t.center.viewportNormalized, f)
      else { return nil }
      let point = unproject(s.z, u: s.u, v: s.v, f, scale: depthScale(f))
      return f.camera.worldFromCamera.transformPoint(point)
    },
    "depth-as-ray-distance": { d, f, _ in
      guard let t = trace(d.boundingBox, f), let s = depthSample(at: t.center.imageNormalized, f)
      else { return nil }
      let onAxis = unproject(1, u: s.u, v: s.v, f, scale: depthScale(f))
      guard let unit = onAxis.normalized() else { return nil }
      return f.camera.worldFromCamera.transformPoint(unit * s.z)
    },
    "depth-intrinsics-unscaled": { d, f, _ in
      guard let t = trace(d.boundingBox, f), let s = depthSample(at: t.center.imageNormalized, f)
      else { return nil }
      return f.camera.worldFromCamera.transformPoint(unproject(s.z, u: s.u, v: s.v, f, scale: 1))
    },
  ]
}
