/// The user-interface orientation (`UIInterfaceOrientation`), as named in a recording's
/// `viewport.interfaceOrientation` or a frame's `interfaceOrientation` (DESIGN §3.2: the image is
/// rotated clockwise by 0° for landscapeRight, 90° portrait, 180° landscapeLeft, 270°
/// portraitUpsideDown).
public enum RecordingInterfaceOrientation: String, Sendable, Hashable, Codable, CaseIterable {
  /// Home button (or bottom edge) down; 90° clockwise from the sensor image.
  case portrait
  /// Upside down; 270°.
  case portraitUpsideDown
  /// 180°.
  case landscapeLeft
  /// The sensor's own orientation; 0°.
  case landscapeRight
}
