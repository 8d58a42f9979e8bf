import ARSimulation
import Foundation
import Placement
import SceneFormat
import SpatialMath
import Testing
import _TestSupport

@testable import SessionSimulation

/// Depth placement against plane placement on `Scenes/dashboard-curved.json`: on every frame
/// with scene depth, each detection's box centre placed by depth (``DepthPlacement``) and by a
/// plane raycast (existing geometry, then the infinite plane), each compared with the nearest
/// truth object of its label (the button's top-face centre).
@Suite struct DepthPlacementBenchmarkTests {
  static let path = RecordingFixtures.packageRoot()
    .appendingPathComponent("Scenes/dashboard-curved.json").path

  static func median(_ values: [Float]) -> Float {
    let sorted = values.sorted()
    return sorted.isEmpty ? .infinity : sorted[sorted.count / 2]
  }

  @Test func depthRemovesTheProudButtonError() throws {
    var session = try SimulatedSession(recording: try Recording(contentsOfFile: Self.path))
    let truth = try #require(session.truth).objects
    let plane = PlacementPipeline(
      settings: PlacementSettings(attempts: [
        PlacementAttempt(target: .existingPlaneGeometry, alignment: .any),
        PlacementAttempt(target: .existingPlaneInfinite, alignment: .any),
      ]))
    let placement = DepthPlacement()
    var depthErrors: [Float] = []
    var planeErrors: [Float] = []
    var detections = 0
    while let frame = try session.nextFrame() {
      guard let depth = frame.sceneDepth, let request = frame.visionRequest,
        let geometry = try? VisionGeometry(
          settings: request, imageResolution: frame.camera.imageResolution)
      else { continue }
      func error(_ point: SIMD3<Float>, _ label: String) -> Float? {
        truth.filter { $0.label == label }.map {
          (SIMD3(Float($0.position.x), Float($0.position.y), Float($0.position.z)) - point).length
        }.min()
      }
      for detection in frame.observations {
        detections += 1
        let centre = Point(x: detection.boundingBox.midX, y: detection.boundingBox.midY)
        if let point = placement.worldPoint(
          forVisionPoint: centre, geometry: geometry, depth: depth, camera: frame.camera),
          let e = error(point, detection.label)
        {
          depthErrors.append(e)
        }
        if let hit = plane.place(detection, request: request, in: frame.viewportFrame).hit,
          let e = error(hit.worldPosition, detection.label)
        {
          planeErrors.append(e)
        }
      }
    }
    let depthMedian = Self.median(depthErrors)
    let planeMedian = Self.median(planeErrors)
    print(
      "dashboard-curved: \(detections) detections on depth frames; depth placed "
        + "\(depthErrors.count), median error \(depthMedian * 1000) mm; plane placed "
        + "\(planeErrors.count), median error \(planeMedian * 1000) mm")
    #expect(depthErrors.count > detections * 9 / 10)
    #expect(depthMedian < 0.01)
    #expect(depthMedian < planeMedian / 2)
  }
}
