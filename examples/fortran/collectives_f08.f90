! The rooted collectives through the mpi_f08 module (MPI_Bcast, MPI_Reduce, MPI_Scatter,
! MPI_Gather, MPI_Scatterv, MPI_Gatherv) at every root, then each with MPI_IN_PLACE at the root,
! checking its own results. Run under LD_PRELOAD=libcollsel.so, its calls must show up in the
! shim's COLLSEL_LOG.
program collectives_f08
  use mpi_f08
  implicit none
  ! `small`: the in-place reduce stays within 2 KB, where MPICH 4.0.2's own in-place reduce at a
  ! non-zero root works (docs/testing.md, "Native MPICH defects").
  integer, parameter :: n = 1500, small = 200
  integer :: rank, nprocs, root, i, r, errors, total
  integer, allocatable :: a(:), b(:), blocks(:), counts(:), displs(:)
  double precision, allocatable :: x(:), s(:)

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)
  allocate(a(n), b(n * nprocs), blocks(n * nprocs), counts(nprocs), displs(nprocs))
  allocate(x(n), s(n))
  errors = 0
  do r = 0, nprocs - 1
    do i = 1, n
      blocks(r * n + i) = 100000 * r + i
    end do
  end do
  ! v-variants: rank r owns r+1 elements, blocks in reverse rank order.
  total = 0
  do r = nprocs - 1, 0, -1
    counts(r + 1) = r + 1
    displs(r + 1) = total
    total = total + r + 1
  end do
  do i = 1, n
    x(i) = dble(rank * 1000 + i)
  end do

  do root = 0, nprocs - 1
    do i = 1, n
      a(i) = -1
      if (rank == root) a(i) = 7 * i + root
    end do
    call MPI_Bcast(a, n, MPI_INTEGER, root, MPI_COMM_WORLD)
    do i = 1, n
      if (a(i) /= 7 * i + root) errors = errors + 1
    end do

    s = -1d0
    call MPI_Reduce(x, s, n, MPI_DOUBLE_PRECISION, MPI_SUM, root, MPI_COMM_WORLD)
    if (rank == root) call check_sum(n)

    a = -1
    call MPI_Scatter(blocks, n, MPI_INTEGER, a, n, MPI_INTEGER, root, MPI_COMM_WORLD)
    call check_block()
    b = -1
    call MPI_Gather(a, n, MPI_INTEGER, b, n, MPI_INTEGER, root, MPI_COMM_WORLD)
    if (rank == root) call check_all(n * nprocs)

    a = -1
    call MPI_Scatterv(blocks, counts, displs, MPI_INTEGER, a, rank + 1, MPI_INTEGER, root, MPI_COMM_WORLD)
    call check_vblock()
    b = -1
    call MPI_Gatherv(a, rank + 1, MPI_INTEGER, b, counts, displs, MPI_INTEGER, root, MPI_COMM_WORLD)
    if (rank == root) call check_all(total)

    ! MPI_IN_PLACE at the root: Fortran's sentinel must reach the collective as C's.
    if (rank == root) then
      s = x
      call MPI_Reduce(MPI_IN_PLACE, s, small, MPI_DOUBLE_PRECISION, MPI_SUM, root, MPI_COMM_WORLD)
      call check_sum(small)
      b = -1
      b(root * n + 1:root * n + n) = blocks(root * n + 1:root * n + n)
      call MPI_Gather(MPI_IN_PLACE, n, MPI_INTEGER, b, n, MPI_INTEGER, root, MPI_COMM_WORLD)
      call check_all(n * nprocs)
      call MPI_Scatter(blocks, n, MPI_INTEGER, MPI_IN_PLACE, n, MPI_INTEGER, root, MPI_COMM_WORLD)
      call MPI_Scatterv(blocks, counts, displs, MPI_INTEGER, MPI_IN_PLACE, rank + 1, MPI_INTEGER, root, &
                        MPI_COMM_WORLD)
      b = -1
      b(displs(root + 1) + 1:displs(root + 1) + root + 1) = blocks(displs(root + 1) + 1:displs(root + 1) + root + 1)
      call MPI_Gatherv(MPI_IN_PLACE, rank + 1, MPI_INTEGER, b, counts, displs, MPI_INTEGER, root, MPI_COMM_WORLD)
      call check_all(total)
    else
      call MPI_Reduce(x, s, small, MPI_DOUBLE_PRECISION, MPI_SUM, root, MPI_COMM_WORLD)
      a = blocks(rank * n + 1:rank * n + n)
      call MPI_Gather(a, n, MPI_INTEGER, b, n, MPI_INTEGER, root, MPI_COMM_WORLD)
      a = -1
      call MPI_Scatter(blocks, n, MPI_INTEGER, a, n, MPI_INTEGER, root, MPI_COMM_WORLD)
      call check_block()
      a = -1
      call MPI_Scatterv(blocks, counts, displs, MPI_INTEGER, a, rank + 1, MPI_INTEGER, root, MPI_COMM_WORLD)
      call check_vblock()
      call MPI_Gatherv(a, rank + 1, MPI_INTEGER, b, counts, displs, MPI_INTEGER, root, MPI_COMM_WORLD)
    end if
  end do

  call MPI_Allreduce(MPI_IN_PLACE, errors, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  if (rank == 0) then
    if (errors == 0) then
      print '(a,i0,a)', 'fortran mpi_f08 collectives: all checks passed on ', nprocs, ' ranks'
    else
      print '(a,i0,a)', 'fortran mpi_f08 collectives: ', errors, ' wrong values'
    end if
  end if
  deallocate(a, b, blocks, counts, displs, x, s)
  call MPI_Finalize()
  if (errors /= 0) stop 1

contains

  ! The root's sum of the first m elements: rank q contributed 1000 q + i.
  subroutine check_sum(m)
    integer, intent(in) :: m
    integer :: k
    do k = 1, m
      if (s(k) /= dble(1000 * nprocs * (nprocs - 1) / 2 + nprocs * k)) errors = errors + 1
    end do
  end subroutine

  subroutine check_block()
    integer :: k
    do k = 1, n
      if (a(k) /= 100000 * rank + k) errors = errors + 1
    end do
  end subroutine

  subroutine check_vblock()
    integer :: k
    do k = 1, rank + 1
      if (a(k) /= blocks(displs(rank + 1) + k)) errors = errors + 1
    end do
  end subroutine

  subroutine check_all(m)
    integer, intent(in) :: m
    integer :: k
    do k = 1, m
      if (b(k) /= blocks(k)) errors = errors + 1
    end do
  end subroutine
end program collectives_f08
