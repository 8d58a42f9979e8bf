import ARSimulation
import Foundation
import SpatialMath
import Testing
import _TestSupport

@testable import SceneFormat

/// The optional Vision members: raw candidates, late results, tracker boxes, points, contours,
/// the header's detector settings and per-request settings.
@Suite struct RecordingVisionOutputsTests {
  /// `RecordingFixtures.base` with the Vision members added to frame 1 and the header.
  static let extended = RecordingFixtures.base(
    replacing: #""truth":"#,
    with:
      #""detector":{"rateHz":10,"latencyFrames":2,"nms":{"iouThreshold":0.45,"confidenceThreshold":0.25,"scope":"perClass","maximumDetections":50}},"#
      + #""visionRequests":{"humanHandPose":{"regionOfInterest":[0.1,0.2,0.5,0.5]},"contours":{"orientation":"up"}},"#
      + #""truth":"#
  ).replacingOccurrences(
    of: #""timestamp":1.5,"#,
    with: #""timestamp":1.5,"detectionsImageTimestamp":1.25,"#
      + #""detectionCandidates":[{"boundingBox":[0.25,0.5,0.125,0.25],"labels":[{"identifier":"hazard","confidence":0.6},{"identifier":"button","confidence":0.2}]}],"#
      + #""trackedObjects":[{"id":"track-1","boundingBox":[0.5,0.25,0.25,0.125],"confidence":0.75,"label":"hazard"}],"#
      + #""points":[{"request":"humanHandPose","confidence":0.9,"points":[{"name":"indexTip","location":[0.5,0.75],"confidence":0.8}]}],"#
      + #""contours":[{"normalizedPoints":[[0.25,0.25],[0.5,0.25],[0.5,0.5]]},{"normalizedPoints":[[0,0],[1,1]],"closed":false}],"#
  )

  func decode(_ text: String, strict: Bool = true) throws -> Recording {
    try Recording(jsonBytes: Array(text.utf8), file: "vision.json", strict: strict)
  }

  @Test func decodesEveryMemberStrictly() throws {
    let recording = try decode(Self.extended)
    let header = recording.header
    #expect(header.detector?.rateHz == 10)
    #expect(header.detector?.latencyFrames == 2)
    #expect(header.detector?.nms?.scope == .perClass)
    #expect(header.detector?.nms?.maximumDetections == 50)
    #expect(
      header.visionRequests[.humanHandPose]?.regionOfInterest
        == Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.5))
    #expect(header.visionRequests[.contours]?.orientation == .up)
    let frame = recording.frames[1]
    #expect(frame.detectionsImageTimestamp == 1.25)
    #expect(frame.detectorImageTimestamp == 1.25)
    #expect(frame.detectionCandidates?.first?.labels.map(\.confidence) == [0.6, 0.2])
    #expect(frame.trackedObjects?.first?.id == "track-1")
    #expect(frame.trackedObjects?.first?.label == "hazard")
    #expect(frame.points?.first?.request == .humanHandPose)
    #expect(frame.points?.first?.points.first?.location == Point(x: 0.5, y: 0.75))
    #expect(frame.contours?.map(\.isClosed) == [true, false])
    #expect(frame.contours?.first?.normalizedPoints.count == 3)
    // Frame 0 has none of them.
    let first = recording.frames[0]
    #expect(first.detectionsImageTimestamp == nil && first.detectionCandidates == nil)
    #expect(first.trackedObjects == nil && first.points == nil && first.contours == nil)
    #expect(first.detectorImageTimestamp == 1.0)
  }

  @Test func roundTripsByteStably() throws {
    let recording = try decode(Self.extended)
    let bytes = try recording.jsonBytes()
    let again = try Recording(jsonBytes: bytes, strict: true)
    #expect(again == recording)
    #expect(try again.jsonBytes() == bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    // `closed` is written only when false; the image timestamp as given.
    #expect(text.contains(#""closed":false"#))
    #expect(!text.contains(#""closed":true"#))
    #expect(text.contains(#""detectionsImageTimestamp":1.25"#))
  }

  @Test func olderFilesReadAsBefore() throws {
    let recording = try decode(RecordingFixtures.base)
    #expect(recording.header.detector == nil && recording.header.visionRequests.isEmpty)
    #expect(recording.frames.allSatisfy { $0.hasDetectorResult(detectorDeclared: false) })
    let text = String(decoding: try recording.jsonBytes(), as: UTF8.self)
    for member in [
      "detector", "visionRequests", "detectionCandidates", "trackedObjects", "contours",
    ] {
      #expect(!text.contains("\"\(member)\""), "\(member) written for an old file")
    }
  }

  @Test func detectorResultsWithDeclaredSettings() throws {
    let recording = try decode(Self.extended)
    // Frame 0 has neither a timestamp nor detections: no result; frame 1 has one.
    #expect(!recording.frames[0].hasDetectorResult(detectorDeclared: true))
    #expect(recording.frames[1].hasDetectorResult(detectorDeclared: true))
  }

  @Test func requestSettingsPerRequestType() throws {
    let header = try decode(Self.extended).header
    let hand = try header.requestSettings(for: .humanHandPose)
    #expect(hand.orientation == .right)  // from the header's vision
    #expect(hand.regionOfInterest == Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.5))
    #expect(try header.requestSettings(for: .contours).orientation == .up)
    let tracking = try header.requestSettings(for: .trackObject)
    #expect(tracking.orientation == .right && tracking.regionOfInterest == .unit)
    #expect(try header.requestSettings(for: .coreMLModel).cropAndScale == .centerCrop)
    let bare = RecordingHeader()
    #expect(throws: InputFileError.self) { try bare.requestSettings(for: .contours) }
  }

  @Test(
    "Bad values are refused with their JSON path",
    arguments: [
      (
        #""detectionsImageTimestamp":1.25"#, #""detectionsImageTimestamp":1.75"#,
        "frames[1].detectionsImageTimestamp"
      ),
      (
        #"{"identifier":"hazard","confidence":0.6}"#, #"{"identifier":"hazard","confidence":1.5}"#,
        "frames[1].detectionCandidates[0].labels[0].confidence"
      ),
      (#""request":"humanHandPose""#, #""request":"contours""#, "frames[1].points[0].request"),
      (#""request":"humanHandPose""#, #""request":"handPose""#, "frames[1].points[0].request"),
      (
        #"[[0.25,0.25],[0.5,0.25]"#, #"[[0.25,1.25],[0.5,0.25]"#,
        "frames[1].contours[0].normalizedPoints[0][1]"
      ),
      (
        #""normalizedPoints":[[0,0],[1,1]]"#, #""normalizedPoints":[]"#,
        "frames[1].contours[1].normalizedPoints"
      ),
      (#""id":"track-1""#, #""id":"""#, "frames[1].trackedObjects[0].id"),
      (#""confidence":0.75"#, #""confidence":-0.75"#, "frames[1].trackedObjects[0].confidence"),
      (#""scope":"perClass""#, #""scope":"everything""#, "detector.nms.scope"),
      (#""latencyFrames":2"#, #""latencyFrames":2.5"#, "detector.latencyFrames"),
      (#""rateHz":10"#, #""rateHz":0"#, "detector.rateHz"),
      (
        #""humanHandPose":{"regionOfInterest""#, #""coreMLModel":{"regionOfInterest""#,
        "visionRequests.coreMLModel"
      ),
      (
        #""regionOfInterest":[0.1,0.2,0.5,0.5]"#, #""regionOfInterest":[0.1,0.2,0.95,0.5]"#,
        "visionRequests.humanHandPose.regionOfInterest"
      ),
      (#""closed":false"#, #""closed":"no""#, "frames[1].contours[1].closed"),
    ] as [(String, String, String)])
  func badValues(find: String, replacement: String, path: String) throws {
    #expect(Self.extended.contains(find), "fixture lacks \(find)")
    let text = Self.extended.replacingOccurrences(of: find, with: replacement)
    do {
      _ = try decode(text)
      Issue.record("accepted \(replacement)")
    } catch let error as InputFileError {
      #expect(error.jsonPath == path, "\(error)")
      #expect(error.file == "vision.json")
    }
  }

  @Test func duplicateTrackIdsAreRefused() throws {
    let text = Self.extended.replacingOccurrences(
      of:
        #""trackedObjects":[{"id":"track-1","boundingBox":[0.5,0.25,0.25,0.125],"confidence":0.75,"label":"hazard"}]"#,
      with:
        #""trackedObjects":[{"id":"t","boundingBox":[0,0,0.1,0.1],"confidence":1},{"id":"t","boundingBox":[0,0,0.1,0.1],"confidence":1}]"#
    )
    #expect(text != Self.extended)
    #expect {
      _ = try decode(text)
    } throws: { ($0 as? InputFileError)?.jsonPath == "frames[1].trackedObjects[1].id" }
  }

  @Test func limitsCountCandidatesAndContourPoints() throws {
    var limits = RecordingLimits.default
    limits.maximumDetectionsPerFrame = 1
    let twoCandidates = Self.extended.replacingOccurrences(
      of: #""detectionCandidates":[{"#,
      with: #""detectionCandidates":[{"boundingBox":[0,0,0.1,0.1],"labels":[]},{"#)
    #expect {
      _ = try Recording(jsonBytes: Array(twoCandidates.utf8), limits: limits)
    } throws: {
      ($0 as? InputFileError)?.kind == .limitExceeded
        && ($0 as? InputFileError)?.jsonPath == "frames[1].detectionCandidates"
    }
    var pointLimits = RecordingLimits.default
    pointLimits.maximumPointsPerFrame = 6  // the two contours hold 2 + 3 + 2 = 7 entries and points
    #expect {
      _ = try Recording(jsonBytes: Array(Self.extended.utf8), limits: pointLimits)
    } throws: { ($0 as? InputFileError)?.jsonPath == "frames[1].contours" }
  }
}
