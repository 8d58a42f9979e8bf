import Foundation
import SessionSimulation
import Testing
import _TestSupport

/// The app's anchors in a session: added and removed through the session (or the harness's
/// requests) with the next frame, reported in `appAnchors` and the anchor changes, moved by the
/// recording's tracking corrections as far as they carry the error, never otherwise.
@Suite struct SessionAppAnchorTests {
  /// Four frames (0, 0.5, 1, 1.5 s), the camera at the origin; the reported position drifts
  /// 0.1 m/s in x from 0 s and a full correction at 1.25 s covers 1 m around the camera with
  /// a hard edge. Frame 3 records an anchor of its own.
  static func recording(events: String? = nil) throws -> Recording {
    let camera =
      #""camera":{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[1000,0,0,0,1000,0,640,360,1],"imageResolution":[1280,720]}"#
    let frames = [0.0, 0.5, 1.0, 1.5].enumerated().map { index, t in
      let recorded =
        index == 3
        ? #","appAnchors":[{"identifier":"R","transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,-2,1]}]"#
        : ""
      return "{\"timestamp\":\(t),\(camera)\(recorded)}"
    }
    let truthEvents =
      events
      ?? #"[{"kind":"trackingDrift","timestamp":0,"velocityMetersPerSecond":[0.1,0,0]},{"kind":"trackingCorrection","timestamp":1.25,"fraction":1,"radiusMeters":1,"falloffMeters":0}]"#
    let text = """
      {"format":"arplacementsim.recording","version":1,\
      "viewport":{"size":[390,844],"interfaceOrientation":"portrait"},\
      "frames":[\(frames.joined(separator: ","))],\
      "truth":{"objects":[{"id":"h","label":"hazard","position":[0,0,-0.5],"size":[0.1,0.1,0]}],\
      "events":\(truthEvents)}}
      """
    return try Recording(jsonBytes: Array(text.utf8))
  }

  static func anchor(_ id: String, at position: SIMD3<Float>) throws -> AppAnchor {
    try AppAnchor(
      identifier: id,
      transform: Matrix4x4(rotation: .identity, translation: position))
  }

  /// A (added at 0 s, carrying no error) stays; B (added at 0.5 s, carrying 0.05 m, 0.5 m from
  /// the camera) absorbs the correction at 1.25 s and moves to x = −0.05; C (3 m away) stays.
  @Test func anchorsNearTheCameraAbsorbTheirErrorAndWorldPositionsStay() throws {
    var session = try SimulatedSession(recording: Self.recording())
    let a = try Self.anchor("A", at: SIMD3(0, 0, -0.5))
    let b = try Self.anchor("B", at: SIMD3(0, 0, -0.5))
    let c = try Self.anchor("C", at: SIMD3(0, 0, -3))

    let frame0 = try #require(try session.nextFrame())
    #expect(frame0.appAnchors.isEmpty)
    session.add(anchor: a)
    let frame1 = try #require(try session.nextFrame())
    #expect(frame1.appAnchors == [a])
    #expect(frame1.anchorChanges.addedAppAnchors == [a])
    session.add(anchor: b)
    session.add(anchor: c)
    session.add(anchor: try Self.anchor("A", at: SIMD3(5, 5, 5)))  // An existing id: ignored.
    let frame2 = try #require(try session.nextFrame())
    #expect(frame2.appAnchors.map(\.identifier) == ["A", "B", "C"])
    #expect(frame2.anchorChanges.addedAppAnchors == [b, c])
    #expect(frame2.anchorChanges.updatedAppAnchors.isEmpty)
    session.remove(anchor: a)
    let frame3 = try #require(try session.nextFrame())
    #expect(frame3.appAnchors.map(\.identifier) == ["R", "B", "C"])
    let movedB = try #require(frame3.appAnchors.first { $0.identifier == "B" })
    #expect(abs(movedB.worldPosition.x - -0.05) < 1e-6)
    #expect(movedB.worldPosition.y == 0 && movedB.worldPosition.z == -0.5)
    #expect(frame3.anchorChanges.updatedAppAnchors == [movedB])
    #expect(frame3.anchorChanges.removedAppAnchors == [a])
    #expect(frame3.anchorChanges.addedAppAnchors.map(\.identifier) == ["R"])
    #expect(frame3.appAnchors.first { $0.identifier == "C" } == c)
    #expect(session.addedAnchors.map(\.identifier) == ["B", "C"])
  }

  /// Without correction events nothing moves the anchors.
  @Test func withoutCorrectionsAnchorsStay() throws {
    var session = try SimulatedSession(
      recording: Self.recording(
        events: #"[{"kind":"trackingDrift","timestamp":0,"velocityMetersPerSecond":[0.1,0,0]}]"#))
    _ = try session.nextFrame()
    _ = try session.nextFrame()
    let b = try Self.anchor("B", at: SIMD3(0, 0, -0.5))
    session.add(anchor: b)
    _ = try session.nextFrame()
    let last = try #require(try session.nextFrame())
    #expect(last.appAnchors.last == b)
    #expect(last.anchorChanges.updatedAppAnchors.isEmpty)
  }

  /// The harness hands the placer its requests: an anchor made from a raycast-like pose after
  /// the first frame is in every later frame, and a marker attached to it follows it.
  @Test func harnessPlacerAddsAnchorsWhileItRuns() throws {
    var session = try SimulatedSession(recording: Self.recording())
    var seen: [[String]] = []
    var markerX: [Float] = []
    _ = try session.run(PlacementHarness(diagnoses: false)) { frame, requests in
      seen.append(frame.appAnchors.map(\.identifier))
      if frame.frameIndex == 1 { requests.add(anchor: try Self.anchor("M", at: SIMD3(0, 0, -0.5))) }
      guard let anchor = frame.appAnchors.first(where: { $0.identifier == "M" }) else { return [] }
      markerX.append(anchor.worldPosition.x)
      return [PlacedMarker(id: .text("m"), label: "hazard", position: anchor.worldPosition)]
    }
    #expect(seen == [[], [], ["M"], ["R", "M"]])
    #expect(markerX.count == 2)
    #expect(markerX[0] == 0)
    #expect(abs(markerX[1] - -0.05) < 1e-6)
  }
}
