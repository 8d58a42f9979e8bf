// The bridge from the mesh raycast to the C kernels (`_RaycastKernels`), compiled only where they
// are built; elsewhere the Swift traversal runs (with the same results).
#if canImport(_RaycastKernels)
  import _RaycastKernels

  extension BatchMeshScene {
    /// Calls `body` with the C view of this scene (pointers valid only inside `body`).
    func withKernelScene<R>(_ body: (UnsafePointer<arsk_mesh_scene>) -> R) -> R {
      bvh.nodes.withUnsafeBufferPointer { nodes in
        bvh.corners.withUnsafeBufferPointer { corners in
          bvh.triangleOfSlot.withUnsafeBufferPointer { ids in
            bvh.normals.withUnsafeBufferPointer { normals in
              var scene = arsk_mesh_scene(
                nodes: nodes.baseAddress, node_count: bvh.nodeCount,
                corners: corners.baseAddress, triangle_ids: ids.baseAddress,
                triangle_count: triangleCount, normals: normals.baseAddress)
              return withUnsafePointer(to: &scene) { body($0) }
            }
          }
        }
      }
    }

    /// A ray batch on the kernels, one slice per worker.
    func kernelIntersect(
      _ input: RaySoAPointers, slices: [Range<Int>], instructionSet: KernelInstructionSet,
      output: MeshResultPointers
    ) {
      let isa = instructionSet.kernelISA
      withKernelScene { scene in
        let job = UnsafeSendable((scene: scene, input: input, output: output))
        BatchRaycastScene.runSlices(slices) { range in
          let (scene, input, output) = job.value
          let i = range.lowerBound
          arsk_mesh_intersect_rays_soa(
            scene, input.ox.baseAddress! + i, input.oy.baseAddress! + i,
            input.oz.baseAddress! + i, input.dx.baseAddress! + i, input.dy.baseAddress! + i,
            input.dz.baseAddress! + i, range.count, output.t.baseAddress! + i,
            output.index.baseAddress! + i, output.u.map { $0.baseAddress! + i },
            output.v.map { $0.baseAddress! + i }, isa)
        }
      }
    }

    /// A pixel grid on the kernels: `workers` threads take bands of `gridBandRows` rows from a
    /// shared counter (the results do not depend on which worker takes which).
    func kernelIntersect(
      _ rays: PinholeGridRays, workers: Int, instructionSet: KernelInstructionSet,
      output: MeshResultPointers
    ) {
      var kernelGrid = rays.kernelGrid
      let isa = instructionSet.kernelISA
      let nextBand = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
      nextBand.initialize(to: 0)
      defer { nextBand.deallocate() }
      withKernelScene { scene in
        withUnsafePointer(to: &kernelGrid) { g in
          let job = UnsafeSendable((scene: scene, grid: g, output: output, nextBand: nextBand))
          BatchRaycastScene.runSlices((0..<workers).map { $0..<($0 + 1) }) { _ in
            let (scene, g, output, nextBand) = job.value
            arsk_mesh_intersect_pinhole_grid_bands(
              scene, g, UInt32(Self.gridBandRows), nextBand, output.t.baseAddress,
              output.index.baseAddress, output.u?.baseAddress, output.v?.baseAddress, isa)
          }
        }
      }
    }
  }
#else
  extension BatchMeshScene {
    /// Unreachable without the kernels; runs the Swift traversal so that it is still correct.
    func kernelIntersect(
      _ input: RaySoAPointers, slices: [Range<Int>], instructionSet: KernelInstructionSet,
      output: MeshResultPointers
    ) {
      for range in slices { swiftIntersect(input, range: range, bruteForce: false, output: output) }
    }

    /// Unreachable without the kernels; runs the Swift traversal.
    func kernelIntersect(
      _ rays: PinholeGridRays, workers: Int, instructionSet: KernelInstructionSet,
      output: MeshResultPointers
    ) {
      swiftIntersect(rays, rows: 0..<rays.height, bruteForce: false, output: output)
    }
  }
#endif
