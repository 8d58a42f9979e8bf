import Foundation
import SessionSimulation
import Testing
import _TestSupport

/// The app's anchors in an ARCore session (`Session.createAnchor(Pose)`, `Anchor.detach()`):
/// reported from the next frame in `anchors`, in `updatedAnchors` when created, moved or changed
/// state, `PAUSED` with the camera, `STOPPED` once when detached, and moved by tracking
/// corrections as ARKit's anchors are.
@Suite struct ARCoreAnchorTests {
  /// Five frames (0, 0.5, 1, 1.5, 2 s), the camera at the origin and `PAUSED` on the last; the
  /// reported position drifts 0.1 m/s in x from 0 s and a full correction at 1.25 s covers 1 m
  /// around the camera with a hard edge (the recording of the ARKit anchor tests, as ARCore).
  static func recording() throws -> Recording {
    let camera =
      #""camera":{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[500,0,0,0,500,0,319.5,239.5,1],"imageResolution":[640,480]}"#
    let frames = [0.0, 0.5, 1.0, 1.5, 2.0].enumerated().map { index, t in
      let state = index == 4 ? #","arcore":{"trackingState":"PAUSED"}"# : ""
      return "{\"timestamp\":\(t),\(camera)\(state)}"
    }
    let events =
      #"[{"kind":"trackingDrift","timestamp":0,"velocityMetersPerSecond":[0.1,0,0]},{"kind":"trackingCorrection","timestamp":1.25,"fraction":1,"radiusMeters":1,"falloffMeters":0}]"#
    let text = """
      {"format":"arplacementsim.recording","version":1,"platform":"arcore",\
      "arcore":{"displayGeometry":{"rotation":"ROTATION_90","width":640,"height":480}},\
      "frames":[\(frames.joined(separator: ","))],\
      "truth":{"objects":[{"id":"h","label":"hazard","position":[0,0,-0.5],"size":[0.1,0.1,0]}],\
      "events":\(events)}}
      """
    return try Recording(jsonBytes: Array(text.utf8))
  }

  static func pose(_ position: SIMD3<Float>) -> ARCore.Pose {
    ARCore.Pose(translation: position, rotation: .identity)
  }

  /// A (created at 0 s, carrying no error) is detached at 1 s; B (created at 0.5 s, carrying
  /// 0.05 m, 0.5 m from the camera) absorbs the correction at 1.25 s and moves to x = −0.05; C
  /// (3 m away) stays; on the paused frame both are `PAUSED` where they were.
  @Test func anchorsAreReportedMovedPausedAndDetached() throws {
    var session = try SimulatedARCoreSession(recording: Self.recording())
    let frame0 = try #require(try session.nextFrame())
    #expect(frame0.anchors.isEmpty && frame0.updatedAnchors.isEmpty)
    var requests = ARCoreAnchorRequests()
    requests.createAnchor(identifier: "A", pose: Self.pose(SIMD3(0, 0, -0.5)))
    session.apply(requests)

    let frame1 = try #require(try session.nextFrame())
    let a = ARCore.Anchor(identifier: "A", pose: Self.pose(SIMD3(0, 0, -0.5)))
    #expect(frame1.anchors == [a])
    #expect(frame1.updatedAnchors == [a])
    requests = ARCoreAnchorRequests()
    requests.createAnchor(identifier: "B", pose: Self.pose(SIMD3(0, 0, -0.5)))
    requests.createAnchor(identifier: "C", pose: Self.pose(SIMD3(0, 0, -3)))
    requests.createAnchor(identifier: "A", pose: Self.pose(SIMD3(5, 5, 5)))  // Ignored.
    session.apply(requests)

    let frame2 = try #require(try session.nextFrame())
    #expect(frame2.anchors.map(\.identifier) == ["A", "B", "C"])
    #expect(frame2.anchors[0] == a)
    #expect(frame2.updatedAnchors.map(\.identifier) == ["B", "C"])
    requests = ARCoreAnchorRequests()
    requests.detach(identifier: "A")
    session.apply(requests)

    let frame3 = try #require(try session.nextFrame())
    #expect(frame3.anchors.map(\.identifier) == ["B", "C"])
    let b = frame3.anchors[0]
    #expect(abs(b.pose.translation.x - -0.05) < 1e-6)
    #expect(b.pose.translation.y == 0 && b.pose.translation.z == -0.5)
    #expect(b.trackingState == .tracking)
    #expect(frame3.anchors[1] == ARCore.Anchor(identifier: "C", pose: Self.pose(SIMD3(0, 0, -3))))
    #expect(
      frame3.updatedAnchors
        == [b, ARCore.Anchor(identifier: "A", pose: a.pose, trackingState: .stopped)])

    let frame4 = try #require(try session.nextFrame())
    #expect(frame4.frame.camera.trackingState == .paused)
    let paused = frame3.anchors.map {
      ARCore.Anchor(identifier: $0.identifier, pose: $0.pose, trackingState: .paused)
    }
    #expect(frame4.anchors == paused)
    #expect(frame4.updatedAnchors == paused)
    #expect(try session.nextFrame() == nil)
  }

  /// The harness hands an ARCore placer's anchor requests to the session: an anchor created on
  /// a hit of the first frame is on every later frame.
  @Test func theHarnessAppliesAPlacersRequests() throws {
    struct Anchoring: ARCoreMarkerPlacer {
      var framesWithTheAnchor = 0
      mutating func markers(for frame: SimulatedARCoreFrame) -> [PlacedMarker] { [] }
      mutating func markers(
        for frame: SimulatedARCoreFrame, anchors: inout ARCoreAnchorRequests
      ) -> [PlacedMarker] {
        if frame.frameIndex == 0 {
          let hit = ARCore.HitResult(
            distance: 0.5, hitPose: ARCoreAnchorTests.pose(SIMD3(0, 0, -0.5)),
            trackable: .point(
              ARCore.Point(
                identifier: 1, pose: ARCoreAnchorTests.pose(SIMD3(0, 0, -0.5)),
                orientationMode: .initializedToIdentity)))
          anchors.createAnchor(identifier: "hit", hitResult: hit)
        }
        if frame.anchors.map(\.identifier) == ["hit"] { framesWithTheAnchor += 1 }
        return []
      }
    }
    var session = try SimulatedARCoreSession(recording: Self.recording())
    var placer = Anchoring()
    _ = try session.run(&placer)
    #expect(placer.framesWithTheAnchor == 4)
  }
}
