import Placement
import Testing

/// Feeds one sample and requires an estimate afterwards.
func filtered<F: PositionFilter>(
  _ filter: inout F, _ value: SIMD3<Float>, at timestampSeconds: Double,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> SIMD3<Float> {
  let out = filter.filter(value, timestampSeconds: timestampSeconds)
  return try #require(out, sourceLocation: sourceLocation)
}
