import Foundation
import SceneFormat
import SceneReplay

extension DashboardReplayScenario {
  /// The frames `writeWithBadFrames(toFile:)` breaks.
  public static let badFrameIndices = [2, 5]

  /// Writes the recording (JSON Lines when `path` ends in `.jsonl`, else JSON) with two bad
  /// frames (needs `frameCount >= 6`): frame 2's camera has focal length 0
  /// (`frames[2].camera.intrinsics`), and frame 5 is, in JSON Lines, a line that is not JSON
  /// (`frames[5]`, syntax) or, in JSON, has the timestamp of frame 4 (`frames[5].timestamp`).
  /// The other frames are unchanged.
  public func writeWithBadFrames(toFile path: String) throws {
    var recording = try recording()
    recording.frames[2].camera.intrinsics[0] = 0
    var bytes: [UInt8] = []
    if Recording.isJSONLines(path: path) {
      try JSONWriter.write(recording.header.jsonValue, into: &bytes)
      bytes.append(0x0A)
      for (index, frame) in recording.frames.enumerated() {
        if index == 5 {
          bytes += Array(#"{"timestamp": 0.1, "camera": "#.utf8)
        } else {
          try JSONWriter.write(frame.jsonValue, into: &bytes)
        }
        bytes.append(0x0A)
      }
    } else {
      recording.frames[5].timestamp = recording.frames[4].timestamp
      try JSONWriter.write(recording.jsonValue, into: &bytes)
      bytes.append(0x0A)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
}
