! A Fortran 90 MPI program calling the rooted collectives (MPI_Bcast, MPI_Reduce, MPI_Scatter,
! MPI_Gather, MPI_Scatterv, MPI_Gatherv) at every root and checking its own results. Run under
! LD_PRELOAD=libcollsel.so, its calls must show up in the shim's COLLSEL_LOG.
program collectives
  use mpi
  implicit none
  integer, parameter :: n = 2000
  integer :: ierr, rank, nprocs, root, i, r, errors, total
  integer, allocatable :: a(:), b(:), blocks(:), counts(:), displs(:)
  double precision, allocatable :: x(:), s(:)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  allocate(a(n), b(n * nprocs), blocks(n * nprocs), counts(nprocs), displs(nprocs))
  allocate(x(n), s(n))
  errors = 0

  do root = 0, nprocs - 1
    ! Broadcast: the root's values everywhere.
    do i = 1, n
      a(i) = -1
      if (rank == root) a(i) = 7 * i + root
    end do
    call MPI_Bcast(a, n, MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
    do i = 1, n
      if (a(i) /= 7 * i + root) errors = errors + 1
    end do

    ! Reduce (sum of integer-valued doubles, exact).
    do i = 1, n
      x(i) = dble(rank * 1000 + i)
    end do
    s = -1d0
    call MPI_Reduce(x, s, n, MPI_DOUBLE_PRECISION, MPI_SUM, root, MPI_COMM_WORLD, ierr)
    if (rank == root) then
      do i = 1, n
        if (s(i) /= dble(1000 * nprocs * (nprocs - 1) / 2 + nprocs * i)) errors = errors + 1
      end do
    end if

    ! Scatter then gather back: block r holds 100000*r + i.
    do r = 0, nprocs - 1
      do i = 1, n
        blocks(r * n + i) = 100000 * r + i
      end do
    end do
    a = -1
    call MPI_Scatter(blocks, n, MPI_INTEGER, a, n, MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
    do i = 1, n
      if (a(i) /= 100000 * rank + i) errors = errors + 1
    end do
    b = -1
    call MPI_Gather(a, n, MPI_INTEGER, b, n, MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
    if (rank == root) then
      do i = 1, n * nprocs
        if (b(i) /= blocks(i)) errors = errors + 1
      end do
    end if

    ! v-variants: rank r owns r+1 elements, blocks in reverse rank order.
    total = 0
    do r = nprocs - 1, 0, -1
      counts(r + 1) = r + 1
      displs(r + 1) = total
      total = total + r + 1
    end do
    a = -1
    call MPI_Scatterv(blocks, counts, displs, MPI_INTEGER, a, rank + 1, MPI_INTEGER, root, &
                      MPI_COMM_WORLD, ierr)
    do i = 1, rank + 1
      if (a(i) /= blocks(displs(rank + 1) + i)) errors = errors + 1
    end do
    b = -1
    call MPI_Gatherv(a, rank + 1, MPI_INTEGER, b, counts, displs, MPI_INTEGER, root, &
                     MPI_COMM_WORLD, ierr)
    if (rank == root) then
      do i = 1, total
        if (b(i) /= blocks(i)) errors = errors + 1
      end do
    end if
  end do

  call MPI_Allreduce(MPI_IN_PLACE, errors, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    if (errors == 0) then
      print '(a,i0,a)', 'fortran collectives: all checks passed on ', nprocs, ' ranks'
    else
      print '(a,i0,a)', 'fortran collectives: ', errors, ' wrong values'
    end if
  end if
  ! A main program's allocatables are never freed implicitly (leak checkers report them).
  deallocate(a, b, blocks, counts, displs, x, s)
  call MPI_Finalize(ierr)
  if (errors /= 0) stop 1
end program collectives
