import ARSimulation
import SceneFormat
import SpatialMath

extension SceneSynthesizer {
  /// The contours of one frame (see ``ContourModelSpec``): one closed contour per object whose
  /// top face is in front of the true camera and inside the request's region of interest.
  mutating func contourObservations(camera: Camera) -> [RecordingContour] {
    guard let model = spec.contours, let geometry = vision.contourGeometry else { return [] }
    let settings = geometry.settings
    let oriented = settings.orientation.orientedSize(forStoredSize: camera.imageResolution)
    let region = Size(
      width: settings.regionOfInterest.size.width * oriented.width,
      height: settings.regionOfInterest.size.height * oriented.height)
    let scale = model.maximumImageDimension / max(region.width, region.height)
    let grid = (
      x: max(1, (region.width * scale).rounded()), y: max(1, (region.height * scale).rounded())
    )
    func snap(_ value: Double, _ cells: Double) -> Double {
      let cell = min(max((value * cells).rounded(.down), 0), cells - 1)
      return Self.rounded((cell + 0.5) / cells)
    }
    var output: [RecordingContour] = []
    for entry in objectGeometry {
      guard let surface = surfaces.first(where: { $0.identifier == entry.spec.surfaceIdentifier })
      else { continue }
      let size = entry.spec.sizeMeters
      let p = entry.spec.surfacePosition
      let local: [SIMD3<Float>] = [
        SIMD3(p.x - size.x / 2, size.z, p.y - size.y / 2),
        SIMD3(p.x - size.x / 2, size.z, p.y + size.y / 2),
        SIMD3(p.x + size.x / 2, size.z, p.y + size.y / 2),
        SIMD3(p.x + size.x / 2, size.z, p.y - size.y / 2),
      ]
      let corners = local.compactMap {
        camera.projectToImagePixels(surface.worldFromSurface.transformPoint($0))
      }
      guard corners.count == 4 else { continue }
      var pixels: [Point] = []
      for i in 0..<4 {
        let a = corners[i]
        let b = corners[(i + 1) % 4]
        let segments = max(1, Int((a.distance(to: b) / model.pointSpacingPixels).rounded(.up)))
        for k in 0..<segments {
          let f = Double(k) / Double(segments)
          pixels.append(Point(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y)))
        }
      }
      var points: [Point] = []
      var inside = true
      for pixel in pixels {
        let gx = vision.contourRandom.nextGaussian()
        let gy = vision.contourRandom.nextGaussian()
        let image = Point(
          x: (pixel.x + model.noisePixels * gx) / camera.imageResolution.width,
          y: (pixel.y + model.noisePixels * gy) / camera.imageResolution.height)
        let v = geometry.visionPoint(forImageNormalizedPoint: image)
        guard (0...1).contains(v.x), (0...1).contains(v.y) else {
          inside = false
          continue
        }
        let snapped = Point(x: snap(v.x, grid.x), y: snap(v.y, grid.y))
        if snapped != points.last { points.append(snapped) }
      }
      if points.count > 1, points.first == points.last { points.removeLast() }
      guard inside, points.count >= 3 else { continue }
      output.append(RecordingContour(normalizedPoints: points))
    }
    return output
  }
}
