import SpatialMath
import Testing

@testable import ARSimulation

#if canImport(_RaycastKernels)
  import _RaycastKernels
#endif

/// Which implementation each engine runs, and the plane table layout shared with the C kernels.
@Suite struct BatchRaycastEngineTests {
  @Test func enginesResolveToTheirImplementation() {
    #expect(BatchRaycastEngine.reference.instructionSetName == "swift")
    #expect(BatchRaycastEngine.swiftSIMD.instructionSetName == "swift-simd8")
    #if canImport(_RaycastKernels)
      #expect(BatchRaycastEngine.kernelsAreBuilt)
      #expect(BatchRaycastEngine.baseline.instructionSetName == "baseline")
      #expect(
        ["avx512", "avx2", "baseline"].contains(BatchRaycastEngine.simd.instructionSetName))
      #expect(["avx2", "baseline"].contains(BatchRaycastEngine.avx2.instructionSetName))
      // The best variant is the one the CPU reports: AVX-512 needs F, DQ, VL and BW (and AVX2).
      let avx512 = arsk_isa_is_available(Int32(ARSK_ISA_AVX512)) != 0
      let avx2 = arsk_isa_is_available(Int32(ARSK_ISA_AVX2)) != 0
      #expect(
        BatchRaycastEngine.avx512.instructionSetName
          == (avx512 ? "avx512" : avx2 ? "avx2" : "baseline"))
      #expect(BatchRaycastEngine.avx2.instructionSetName == (avx2 ? "avx2" : "baseline"))
      #expect(!avx512 || avx2)
      // The automatic choice is the widest variant the CPU has.
      #expect(
        BatchRaycastEngine.simd.instructionSetName
          == (avx512 ? "avx512" : avx2 ? "avx2" : "baseline"))
    #else
      #expect(!BatchRaycastEngine.kernelsAreBuilt)
      #expect(BatchRaycastEngine.simd.instructionSetName == "swift-simd8")
      #expect(BatchRaycastEngine.baseline.instructionSetName == "swift-simd8")
      #expect(BatchRaycastEngine.avx2.instructionSetName == "swift-simd8")
      #expect(BatchRaycastEngine.avx512.instructionSetName == "swift-simd8")
    #endif
  }

  #if canImport(_RaycastKernels)
    @Test func planeFieldsMatchTheKernelHeader() {
      let swift = [
        PlaneField.nx, PlaneField.ny, PlaneField.nz, PlaneField.cx, PlaneField.cy, PlaneField.cz,
        PlaneField.ux, PlaneField.uy, PlaneField.uz, PlaneField.vx, PlaneField.vy, PlaneField.vz,
        PlaneField.hu, PlaneField.hv, PlaneField.radius, PlaneField.count,
      ]
      let c = [
        ARSK_FIELD_NX, ARSK_FIELD_NY, ARSK_FIELD_NZ, ARSK_FIELD_CX, ARSK_FIELD_CY, ARSK_FIELD_CZ,
        ARSK_FIELD_UX, ARSK_FIELD_UY, ARSK_FIELD_UZ, ARSK_FIELD_VX, ARSK_FIELD_VY, ARSK_FIELD_VZ,
        ARSK_FIELD_HU, ARSK_FIELD_HV, ARSK_FIELD_RADIUS, ARSK_FIELD_COUNT,
      ].map { Int($0) }
      #expect(swift == c)
    }
  #endif
}
