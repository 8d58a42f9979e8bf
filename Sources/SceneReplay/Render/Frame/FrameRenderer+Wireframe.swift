import ARSimulation
import SceneFormat
import SpatialMath

extension FrameRenderer {
  /// The distinct edges of a mesh's triangles as vertex index pairs (smaller index first), in the
  /// order the triangles first use them (`a-b`, `b-c`, `c-a` per triangle); an edge two triangles
  /// share is listed once, and triangles with an index out of range are left out.
  ///
  /// - Complexity: O(triangles).
  static func edges(of surface: RecordingTruthSurface) -> [(Int, Int)] {
    var seen: Set<SIMD2<Int>> = []
    var result: [(Int, Int)] = []
    let count = surface.vertices.count
    for start in stride(from: 0, to: surface.indices.count - 2, by: 3) {
      let triangle = surface.indices[start..<(start + 3)]
      guard triangle.allSatisfy({ (0..<count).contains($0) }) else { continue }
      let (i, j, k) = (triangle[start], triangle[start + 1], triangle[start + 2])
      for (a, b) in [(i, j), (j, k), (k, i)] where a != b {
        let key = SIMD2(min(a, b), max(a, b))
        if seen.insert(key).inserted { result.append((key.x, key.y)) }
      }
    }
    return result
  }

  /// Where a world-space segment appears in the picture (user units inside the viewport group),
  /// or `nil` when no part of it is in front of the camera and inside the viewport: the segment
  /// in camera space cut at the near plane (`-z >= near + 0.1 mm`, as ``clipped(_:nearDistanceMeters:)``
  /// cuts polygons, so a part behind the camera is dropped rather than wrapped around), its ends
  /// projected by the pinhole model (`Camera.imagePixel(forCameraPoint:)`), normalized by the
  /// image size and mapped by `toUnits`, then clipped to `viewportRect`. A straight edge stays
  /// straight only without lens distortion; with it the chord between the projected ends is
  /// drawn.
  static func projectedSegment(
    _ a: SIMD3<Float>, _ b: SIMD3<Float>, camera: Camera, toUnits: AffineTransform2D,
    viewportRect: Rect
  ) -> (Point, Point)? {
    let near = max(camera.nearDistanceMeters, 0) + 1e-4
    var p = camera.cameraPoint(forWorldPoint: a)
    var q = camera.cameraPoint(forWorldPoint: b)
    let dp = -p.z - near
    let dq = -q.z - near
    guard dp.isFinite, dq.isFinite, dp >= 0 || dq >= 0 else { return nil }
    if dp < 0 { p = p + (q - p) * (dp / (dp - dq)) }
    if dq < 0 { q = q + (p - q) * (dq / (dq - dp)) }
    let resolution = camera.imageResolution
    func units(_ point: SIMD3<Float>) -> Point? {
      guard let pixel = camera.imagePixel(forCameraPoint: point) else { return nil }
      return Point(x: pixel.x / resolution.width, y: pixel.y / resolution.height)
        .applying(toUnits)
    }
    guard let u = units(p), let v = units(q) else { return nil }
    return clippedSegment(u, v, to: viewportRect)
  }

  /// The wireframe layer: every truth surface's triangle edges (``edges(of:)``) projected by
  /// ``projectedSegment(_:_:camera:toUnits:viewportRect:)``, one thin path per surface, white over
  /// the depth layer and near-black over the grey camera image.
  func drawWireframe(into svg: inout SVGDocument, frame: FrameSnapshot, layout: Layout) {
    guard drawsWireframe, let toUnits = layout.toUnits else { return }
    let color = depthLayer?.depth(in: frame) != nil ? "#ffffff" : RenderStyle.wireframe
    svg.beginGroup("id=\"\(idPrefix)wireframe\"")
    for surface in frame.truthSurfaces {
      let vertices = surface.vertices.map { SIMD3<Float>($0) }
      let segments = Self.edges(of: surface).compactMap { i, j in
        Self.projectedSegment(
          vertices[i], vertices[j], camera: frame.camera, toUnits: toUnits,
          viewportRect: layout.viewportRect)
      }
      svg.segments(
        segments,
        style:
          "class=\"wireframe\" fill=\"none\" stroke=\"\(color)\" stroke-opacity=\"0.8\" stroke-width=\"0.75\""
      )
    }
    svg.endGroup()
  }
}
