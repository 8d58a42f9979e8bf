import ARSimulation
import Foundation
import SceneFormat
import SpatialMath
import Testing
import _TestSupport

@testable import SceneSynthesis

@Suite struct SceneSynthesizerTests {
  static func wallRecording(_ text: String = SynthesisFixtures.wall, seed: UInt64 = 11) throws
    -> Recording
  {
    try SceneSynthesizer.recording(spec: SynthesisFixtures.spec(text), seed: seed)
  }

  @Test func sameSeedSameBytesDifferentSeedDifferentBytes() throws {
    let noisy = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"",
      with: "\"detector\": {\"boxNoisePixels\": 2, \"missProbability\": 0.2}, \"featurePoints\"")
    let a = try Self.wallRecording(noisy, seed: 1).jsonBytes()
    let b = try Self.wallRecording(noisy, seed: 1).jsonBytes()
    let c = try Self.wallRecording(noisy, seed: 2).jsonBytes()
    #expect(a == b)
    #expect(a != c)
  }

  @Test func timestampsStepAtTheSpecsFrameRate() throws {
    let recording = try Self.wallRecording()
    #expect(recording.frames.count == 30)
    for (i, frame) in recording.frames.enumerated() {
      // start 5 s, 30 fps.
      #expect(abs(frame.timestamp - (5 + Double(i) / 30)) < 1e-12)
    }
    for (previous, next) in zip(recording.frames, recording.frames.dropFirst()) {
      #expect(next.timestamp > previous.timestamp)
    }
  }

  /// A perfect detector's Vision box, inverted with VisionGeometry and unprojected through the true
  /// camera, meets the wall at the object's centre: surface-local (x, z) is world (x, -z, -1).
  @Test func noiseFreeBoxesUnprojectToTheTruthCentre() throws {
    let recording = try Self.wallRecording()
    let settings = try #require(recording.header.vision).requestSettings()
    let expected: [String: SIMD3<Float>] = [
      "hazard": SIMD3(0, 0, -1), "fan": SIMD3(0.1, 0.15, -1), "ac": SIMD3(-0.12, -0.2, -1),
    ]
    for truth in try #require(recording.header.truth).objects {
      let hand = try #require(expected[truth.label])
      #expect(
        abs(Float(truth.position.x) - hand.x) < 1e-6 && abs(Float(truth.position.y) - hand.y) < 1e-6
      )
    }
    for frame in recording.frames {
      let camera = try frame.simulatedCamera()
      let geometry = try VisionGeometry(settings: settings, imageResolution: camera.imageResolution)
      #expect(frame.detections.count == 3)
      for detection in frame.detections {
        let center = geometry.imageNormalizedRect(forVisionRect: detection.boundingBox).center
        let ray = try #require(camera.ray(throughImageNormalized: center))
        let t = (-1 - ray.origin.z) / ray.direction.z
        let hit = ray.origin + t * ray.direction
        let hand = try #require(expected[detection.label])
        #expect((hit - hand).length < 1e-4, "\(detection.label): \(hit) vs \(hand)")
      }
    }
  }

  /// Plane anchors stay inside the true 0.6 x 0.8 m rectangle (boundary in anchor-local xz),
  /// whatever the centre shift and pose noise, and appear only after the detection delay.
  @Test func planeAnchorsNeverExceedTheTrueExtent() throws {
    let recording = try Self.wallRecording()
    var sawAnchor = false
    for frame in recording.frames {
      if frame.timestamp - 5 < 0.2 - 1e-9 { #expect(frame.planes.isEmpty) }
      for plane in frame.planes {
        sawAnchor = true
        #expect(plane.extent.width <= 0.6 + 1e-6 && plane.extent.height <= 0.8 + 1e-6)
        for vertex in plane.boundary {
          #expect(abs(vertex.x) <= 0.3 + 1e-6 && abs(vertex.z) <= 0.4 + 1e-6, "\(vertex)")
        }
      }
    }
    #expect(sawAnchor)
    // Growth is monotone: f = 1 - 0.8 exp(-age / 0.5).
    let widths = recording.frames.compactMap { $0.planes.first?.extent.width }
    #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 <= $1 })
  }

  /// While tracking is lost the camera holds, and frames carry no detections or feature points.
  @Test func trackingLossHidesDetectionsAndFreezesTheCamera() throws {
    let text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"",
      with:
        "\"tracking\": {\"positionNoiseMeters\": 0.001, \"lossIntervals\": [[0.3, 0.5]]}, \"featurePoints\""
    )
    let recording = try Self.wallRecording(text)
    var lostFrames = 0
    for (i, frame) in recording.frames.enumerated() {
      let sceneTime = Double(i) / 30
      if sceneTime >= 0.3 && sceneTime < 0.5 {
        lostFrames += 1
        #expect(frame.detections.isEmpty)
        #expect(frame.featurePoints == nil)
        #expect(frame.camera == recording.frames[i - 1].camera)
      } else {
        #expect(frame.detections.count == 3)
      }
    }
    #expect(lostFrames == 6)  // 0.3, 0.333..., ..., 0.4666...: frames 9...14.
  }

  /// Drift and jumps move the reported camera; the detector still uses the true one.
  @Test func trackingErrorsMoveOnlyTheReportedCamera() throws {
    let text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"",
      with: """
        "tracking": {"driftMetersPerSecond": [0.1, 0, 0], "jumps": [{"time": 0.5, "offsetMeters": [0, 0.2, 0]}]},
        "featurePoints"
        """)
    let recording = try Self.wallRecording(text)
    let perfect = try Self.wallRecording()
    for (i, (frame, truth)) in zip(recording.frames, perfect.frames).enumerated() {
      let t = Double(i) / 30
      let position = try frame.simulatedCamera().positionInWorld
      let expected = SIMD3<Float>(Float(0.1 * t), t >= 0.5 ? 0.2 : 0, 0)
      #expect((position - expected).length < 1e-5, "frame \(i): \(position)")
      #expect(frame.detections == truth.detections)
    }
  }

  /// The spec's jumps and loss intervals reach the header as truth events on the frames' clock
  /// (the fixture starts at timestamp 5), in time order, jumps first at equal times.
  @Test func trackingEventsOfTheSpecAreWrittenAsTruth() throws {
    let text = SynthesisFixtures.wall(
      replacing: "\"featurePoints\"",
      with: """
        "tracking": {"jumps": [{"time": 0.5, "offsetMeters": [0, 0.2, 0]}, {"time": 0.1, "offsetMeters": [0.01, 0, 0]}],
                     "lossIntervals": [[0.5, 0.75], [0.2, 0.3]]},
        "featurePoints"
        """)
    let recording = try Self.wallRecording(text)
    #expect(
      recording.header.truth?.events == [
        .trackingJump(timestamp: 5.1, offsetMeters: SIMD3(0.01, 0, 0)),
        .trackingLost(timestamp: 5.2, endTimestamp: 5.3),
        .trackingJump(timestamp: 5.5, offsetMeters: SIMD3(0, 0.2, 0)),
        .trackingLost(timestamp: 5.5, endTimestamp: 5.75),
      ])
    // A spec without tracking events writes no `events` member.
    let plain = try Self.wallRecording()
    #expect(plain.header.truth?.events == [])
    #expect(!String(decoding: try plain.jsonBytes(), as: UTF8.self).contains("\"events\""))
  }

  /// Under `.downMirrored` + scaleFill the Vision box has the numbers of the image-normalized
  /// top-left rect: oriented (x, 1 - y - h), then the flip back to lower-left gives y again.
  @Test func downMirroredScaleFillBoxesEqualImageRects() throws {
    let text = SynthesisFixtures.wall(
      replacing:
        "\"cropAndScale\": \"centerCrop\", \"modelInputSize\": [416, 416], \"orientation\": \"right\"",
      with:
        "\"cropAndScale\": \"scaleFill\", \"modelInputSize\": [416, 416], \"orientation\": \"downMirrored\""
    )
    let recording = try Self.wallRecording(text)
    let frame = recording.frames[0]
    let camera = try frame.simulatedCamera()
    // Object "a": a 0.04 x 0.03 m rectangle at (0, 0, -1) seen in portrait; camera +x is world
    // down, +y world right. Its image rect spans fx * 0.03 = 43.35 px in u and fy * 0.04 = 57.8 px
    // in v about the principal point, ARKit's (959.5, 719.5) + 0.5 = (960, 720) in continuous
    // pixels.
    let box = try #require(frame.detections.first { $0.label == "hazard" }).boundingBox
    let w = camera.imageResolution.width
    let h = camera.imageResolution.height
    #expect(abs(box.origin.x - (960 - 21.675) / w) < 2e-6)
    #expect(abs(box.size.width - 43.35 / w) < 2e-6)
    #expect(abs(box.origin.y - (720 - 28.9) / h) < 2e-6)
    #expect(abs(box.size.height - 57.8 / h) < 2e-6)
  }

  @Test func jsonLinesWriterMatchesTheInMemoryForm() throws {
    let recording = try Self.wallRecording()
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("wall.jsonl").path
    var writer = try RecordingJSONLinesWriter(path: path, header: recording.header)
    for frame in recording.frames { try writer.write(frame) }
    try writer.close()
    #expect(writer.frameCount == 30)
    let written = try #require(FileManager.default.contents(atPath: path))
    #expect([UInt8](written) == (try recording.jsonLinesBytes()))
    var late = recording.frames[3]
    late.timestamp = 0
    var second = try RecordingJSONLinesWriter(path: path, header: recording.header)
    try second.write(recording.frames[3])
    #expect(throws: InputFileError.self) { try second.write(late) }
    try second.close()
  }
}

@Suite struct PlaneMergingTests {
  /// With `mergeAfterSeconds` 0.3 (appearance at 0.2 s): two anchors over the wall's halves
  /// (x in [-0.3, 0] and [0, 0.3]) until 0.5 s, then only `-a` over the whole wall.
  @Test func halvesMergeIntoOneAnchor() throws {
    let text = SynthesisFixtures.wall(
      replacing: "\"initialFraction\": 0.2",
      with: "\"initialFraction\": 0.2, \"mergeAfterSeconds\": 0.3")
    let recording = try SceneSynthesizer.recording(spec: SynthesisFixtures.spec(text), seed: 3)
    for (i, frame) in recording.frames.enumerated() {
      let t = Double(i) / 30
      if t < 0.2 - 1e-9 {
        #expect(frame.planes.isEmpty)
      } else if t < 0.5 - 1e-9 {
        #expect(frame.planes.map(\.identifier) == ["plane-wall-a", "plane-wall-b"], "t = \(t)")
        for (plane, range) in zip(frame.planes, [-0.3...0.0, 0.0...0.3]) {
          #expect(plane.extent.width <= 0.3 + 1e-6)
          for vertex in plane.boundary {
            #expect(
              vertex.x >= range.lowerBound - 1e-6 && vertex.x <= range.upperBound + 1e-6,
              "\(vertex)")
          }
        }
      } else {
        #expect(frame.planes.map(\.identifier) == ["plane-wall-a"], "t = \(t)")
        #expect(
          frame.planes[0].boundary.allSatisfy { abs($0.x) <= 0.3 + 1e-6 && abs($0.z) <= 0.4 + 1e-6 }
        )
      }
    }
  }
}
