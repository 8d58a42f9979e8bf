import SessionSimulation

/// The Vision mistakes written as an app would, frame by frame: raw detector candidates placed
/// without suppression, a late result placed with the camera it arrives on, tracker boxes placed
/// with the seed frame's camera, contours read with a top-left origin. Each takes its own route
/// (argmax by hand, a fixed 0.25 threshold, contour centroids and the nearest box centre, the
/// display transform by hand) rather than the catalogue's steps.
extension UserPlacers {
  /// An image-normalized point of `frame`'s image through its display transform to the
  /// viewport, raycast on `frame`.
  static func hit(imageNormalized point: Point, _ frame: SimulatedFrame) -> SIMD3<Float>? {
    let display = frame.camera.displayTransform(
      for: frame.viewport.interfaceOrientation, viewportSize: frame.viewport.size)
    return hit(point.applying(display), frame.viewportFrame)
  }

  static let visionMistakes: [String: Make] = [
    "nms-skipped": {
      { frame in
        guard let candidates = frame.detectionCandidates else { return [] }
        let image = frame.observationsFrame
        return candidates.compactMap { candidate in
          guard
            let best = candidate.classConfidences.max(by: { $0.confidence < $1.confidence }),
            best.confidence >= 0.25, let t = trace(candidate.boundingBox, image),
            let position = hit(t.center.viewportNormalized, image.viewportFrame)
          else { return nil }
          return (best.identifier, position)
        }
      }
    },
    // The code every frame-rate detector gets away with: the result placed on the frame it
    // arrives with.
    "late-result-current-camera": eachObservation { d, f, _ in
      trace(d.boundingBox, f).flatMap { hit($0.center.viewportNormalized, f.viewportFrame) }
    },
    "tracker-box-wrong-camera": {
      var detectionFrame: SimulatedFrame?
      return { frame in
        defer { if frame.hasDetectorResult { detectionFrame = frame.observationsFrame } }
        guard let tracked = frame.trackedObjects else { return [] }
        let seed = detectionFrame ?? frame
        let wrong = ViewportFrame(camera: seed.camera, viewport: seed.viewport, world: frame.world)
        return tracked.compactMap { object in
          guard let label = object.label,
            let box = frame.detectorBox(forBox: object.boundingBox, of: .trackObject),
            let t = trace(box, frame), let position = hit(t.center.viewportNormalized, wrong)
          else { return nil }
          return (label, position)
        }
      }
    },
    "contour-points-not-flipped": {
      { frame in
        guard let contours = frame.visionGeometry(for: .contours),
          let detector = frame.visionGeometry(for: .coreMLModel)
        else { return [] }
        let boxCentres = frame.observations.map {
          (
            label: $0.label,
            centre: detector.imageNormalizedRect(forVisionRect: $0.boundingBox).center
          )
        }
        return frame.contours.compactMap { contour in
          guard !contour.normalizedPoints.isEmpty else { return nil }
          // Read as top-left: no `1 - y`, so Vision's own flip turns the outline upside down.
          var sum = Point(x: 0, y: 0)
          for p in contour.normalizedPoints {
            let image = contours.imageNormalizedPoint(forVisionPoint: Point(x: p.x, y: 1 - p.y))
            sum = Point(x: sum.x + image.x, y: sum.y + image.y)
          }
          let n = Double(contour.normalizedPoints.count)
          let centroid = Point(x: sum.x / n, y: sum.y / n)
          guard
            let owner = boxCentres.min(by: {
              $0.centre.distance(to: centroid) < $1.centre.distance(to: centroid)
            }), let position = hit(imageNormalized: centroid, frame)
          else { return nil }
          return (owner.label, position)
        }
      }
    },
  ]
}
