import ARSimulation
import Foundation
import Placement
import SceneFormat
import SpatialMath
import Testing

@testable import SceneSynthesis

/// The bundled Vision scenes used the way apps use them: `dashboard-contours.json`'s hand points
/// at the buttons its spec lists, and its contours land on the dashboard around the buttons.
@Suite struct VisionScenesTests {
  static let scenes = CommittedScenesTests.scenes

  static func load(_ name: String) throws -> (Recording, SceneSpec) {
    let recording = try Recording(
      contentsOfFile: scenes.appendingPathComponent("\(name).json").path, strict: true)
    let spec = try SceneSpec(
      contentsOfFile: scenes.appendingPathComponent("specs/\(name).json").path)
    return (recording, spec)
  }

  @Test("The pointing query names the button the synthetic hand points at")
  func pointingAtButtons() throws {
    let (recording, spec) = try Self.load("dashboard-contours")
    let hand = try #require(spec.hand)
    let truth = try #require(recording.header.truth).objects
    let markers = truth.enumerated().map { (index, object) in
      (id: index, position: SIMD3<Float>(object.position))
    }
    let request = try recording.header.requestSettings(for: .humanHandPose)
    let start = try #require(recording.frames.first).timestamp
    var dwellFrames = 0
    var correct = 0
    for frame in recording.frames {
      guard let observation = frame.points?.first,
        let target = hand.targetIndex(atSceneTime: frame.timestamp - start)
      else { continue }
      dwellFrames += 1
      let domain = RecognizedPointsObservation(
        requestType: observation.request, confidence: Float(observation.confidence),
        points: observation.points.map {
          RecognizedPoint(name: $0.name, location: $0.location, confidence: Float($0.confidence))
        })
      let answer = PointingQuery().pointedMarker(
        hand: domain, request: request, markers: markers, camera: try frame.simulatedCamera())
      if let answer, truth[answer.markerID].id == hand.targets[target] { correct += 1 }
    }
    print("dashboard-contours: pointing query right on \(correct) of \(dwellFrames) dwell frames")
    #expect(dwellFrames > 100)
    #expect(Double(correct) >= 0.9 * Double(dwellFrames))
  }

  @Test("Contours land on the dashboard as the buttons' outlines; unflipped ones do not")
  func contoursOnTheDashboard() throws {
    let (recording, _) = try Self.load("dashboard-contours")
    let truth = try #require(recording.header.truth).objects.map { SIMD3<Float>($0.position) }
    let request = try recording.header.requestSettings(for: .contours)
    let viewport = try #require(recording.header.viewport).simulatedViewport()
    let pipeline = PlacementPipeline()
    var placed = 0
    var near = 0
    var flippedNear = 0
    var mirrored = 0
    for frame in recording.frames where !frame.planes.isEmpty {
      let view = ViewportFrame(
        camera: try frame.simulatedCamera(), viewport: viewport, world: try frame.frameWorld())
      for contour in frame.contours ?? [] {
        let vision = VisionContour(normalizedPoints: contour.normalizedPoints)
        guard let polyline = pipeline.place(contour: vision, request: request, in: view),
          let centroid = polyline.centroid
        else { continue }
        placed += 1
        // A 4 x 3 cm top face: perimeter 14 cm; its centre 8 mm above the dashboard plane.
        let distances = truth.map { $0.distance(to: centroid) }
        let button = distances.indices.min { distances[$0] < distances[$1] }!
        if distances[button] < 0.02, abs(polyline.perimeterMeters - 0.14) < 0.025 { near += 1 }
        // Read as top-left (not flipped), the outline is mirrored about the middle of the
        // region: it lands on another button of the symmetric grid at best, and on its own only
        // when it lies on the mirror line (Vision y within 0.05 of 0.5; those are left out).
        let ys = contour.normalizedPoints.map(\.y)
        let visionY = ys.reduce(0, +) / Double(ys.count)
        guard abs(visionY - 0.5) > 0.05 else { continue }
        mirrored += 1
        let flipped = VisionContour(
          normalizedPoints: contour.normalizedPoints.map { Point(x: $0.x, y: 1 - $0.y) })
        if let wrong = pipeline.place(contour: flipped, request: request, in: view)?.centroid,
          truth[button].distance(to: wrong) < 0.02
        {
          flippedNear += 1
        }
      }
    }
    print(
      "dashboard-contours: \(near) of \(placed) contours placed as button outlines; \(flippedNear) of \(mirrored) off the mirror line land on their own button unflipped"
    )
    #expect(placed > 300)
    #expect(Double(near) >= 0.9 * Double(placed))
    #expect(mirrored > 100)
    #expect(Double(flippedNear) < 0.02 * Double(mirrored))
  }
}
