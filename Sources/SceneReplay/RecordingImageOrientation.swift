/// The orientation Vision applies to the captured image (`CGImagePropertyOrientation`), as named
/// in a recording's `vision.orientation` (DESIGN §3.3 step 1). The back camera in portrait is
/// ``right``. The last four cases swap width and height.
public enum RecordingImageOrientation: String, Sendable, Hashable, Codable, CaseIterable {
  /// (x, y) unchanged.
  case up
  /// (1 - x, y).
  case upMirrored
  /// (1 - x, 1 - y).
  case down
  /// (x, 1 - y).
  case downMirrored
  /// (y, x).
  case leftMirrored
  /// (1 - y, x).
  case right
  /// (1 - y, 1 - x).
  case rightMirrored
  /// (y, 1 - x).
  case left
}
