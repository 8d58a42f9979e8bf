/// The 21 joints of a hand pose (`VNHumanHandPoseObservation.JointName`), with Vision's Swift
/// names: the wrist, then per finger from the palm out (thumb: CMC, MP, IP, tip; other fingers:
/// MCP, PIP, DIP, tip).
public enum HandJoint: String, Sendable, Hashable, CaseIterable, Codable {
  /// The wrist.
  case wrist
  /// Thumb carpometacarpal joint.
  case thumbCMC
  /// Thumb metacarpophalangeal joint.
  case thumbMP
  /// Thumb interphalangeal joint.
  case thumbIP
  /// Thumb tip.
  case thumbTip
  /// Index finger metacarpophalangeal joint (knuckle).
  case indexMCP
  /// Index finger proximal interphalangeal joint.
  case indexPIP
  /// Index finger distal interphalangeal joint.
  case indexDIP
  /// Index fingertip.
  case indexTip
  /// Middle finger knuckle.
  case middleMCP
  /// Middle finger proximal joint.
  case middlePIP
  /// Middle finger distal joint.
  case middleDIP
  /// Middle fingertip.
  case middleTip
  /// Ring finger knuckle.
  case ringMCP
  /// Ring finger proximal joint.
  case ringPIP
  /// Ring finger distal joint.
  case ringDIP
  /// Ring fingertip.
  case ringTip
  /// Little finger knuckle.
  case littleMCP
  /// Little finger proximal joint.
  case littlePIP
  /// Little finger distal joint.
  case littleDIP
  /// Little fingertip.
  case littleTip

  /// The name used in recordings (Vision's Swift joint name).
  public var name: String { rawValue }
}
