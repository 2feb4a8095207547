! An unmodified ScaLAPACK program, written the way ScaLAPACK users write one
! (BLACS_GRIDINIT, NUMROC, DESCINIT, PDGEMM, PDGETRF, PDGETRS), built by
! tests/scalapack_api/run.sh against the installed rmala-scalapack package.
! Layer: test of the drop-in library (src/scalapack_api).
!
! Checks every result against a reference computed without PDGEMM: each
! process builds the whole matrices from their global indices and uses the
! local DGEMM, distributed results are gathered with DGSUM2D. Prints one
! line per check and PASS / FAIL with the worst ratio (all must be < 16):
!   PDGEMM   ||C - Cref|| / (k eps (|alpha| ||A|| ||B|| + |beta| ||C0||))
!   PDGETRS  max over right-hand sides ||A x - b|| / (||A|| ||x|| n eps)
! (infinity norms, eps = unit roundoff). The third PDGEMM uses DTYPE 2
! descriptors with IMB /= MB, which rmala hands to ScaLAPACK's PDGEMM.
! PDGESV is ScaLAPACK's: its inner PDGETRF / PDGETRS calls stay with
! ScaLAPACK (run.sh checks rmala logged only the program's calls). A last
! PDGETRF with IA = 0 must return ScaLAPACK's INFO = -4.
program drop_in
  implicit none
  integer, parameter :: m = 301, n = 257, k = 283, ns = 301, nb = 32, nrhs = 3
  double precision, parameter :: alpha = 1.5d0, beta = -0.5d0, limit = 16d0
  integer :: iam, nprocs, ictxt, nprow, npcol, myrow, mycol, info, lld, lr, lc
  integer :: desca(9), descb(9), descc(9), descat(9), descbt(9), desclu(9), descx(9)
  integer :: descsv(9)
  integer :: desca2(11), descb2(11), descc2(11)
  double precision, allocatable :: a(:,:), b(:,:), c(:,:), at(:,:), bt(:,:), c3(:,:)
  double precision, allocatable :: a2(:,:), b2(:,:), c2(:,:), lu(:,:), x(:,:), xt(:,:)
  double precision, allocatable :: sv(:,:), xsv(:,:)
  double precision, allocatable :: ga(:,:), gb(:,:), gc0(:,:), gref(:,:), gsq(:,:), grhs(:,:)
  integer, allocatable :: ipiv(:)
  double precision :: eps, worst, r
  logical :: ok
  integer, external :: numroc

  call blacs_pinfo(iam, nprocs)
  ! The most square grid nprow x npcol, nprow <= npcol.
  nprow = int(sqrt(dble(nprocs)))
  do while (mod(nprocs, nprow) /= 0)
    nprow = nprow - 1
  end do
  npcol = nprocs / nprow
  call blacs_get(-1, 0, ictxt)
  call blacs_gridinit(ictxt, 'Row', nprow, npcol)
  call blacs_gridinfo(ictxt, nprow, npcol, myrow, mycol)
  eps = epsilon(1d0) / 2
  worst = 0
  ok = .true.

  ! Whole matrices on every process: A m x k, B k x n, C0 m x n, the
  ! system matrix ns x ns and its right-hand sides ns x nrhs.
  allocate(ga(m, k), gb(k, n), gc0(m, n), gref(m, n), gsq(ns, ns), grhs(ns, nrhs))
  call whole(ga, m, k, 1)
  call whole(gb, k, n, 2)
  call whole(gc0, m, n, 3)
  call whole(gsq, ns, ns, 4)
  call whole(grhs, ns, nrhs, 5)
  gref = gc0
  call dgemm('N', 'N', m, n, k, alpha, ga, m, gb, k, beta, gref, m)

  ! PDGEMM 'N' 'N' on DESCINIT's descriptors (rmala).
  call make(a, desca, m, k, 1, .false.)
  call make(b, descb, k, n, 2, .false.)
  call make(c, descc, m, n, 3, .false.)
  call pdgemm('N', 'N', m, n, k, alpha, a, 1, 1, desca, b, 1, 1, descb, beta, c, 1, 1, descc)
  call check_gemm('PDGEMM NN', c, descc)

  ! PDGEMM 'T' 'T' on the transposes A^T (k x m) and B^T (n x k): the same C (rmala).
  call make(at, descat, k, m, 1, .true.)
  call make(bt, descbt, n, k, 2, .true.)
  call make(c3, descc, m, n, 3, .false.)
  call pdgemm('T', 'T', m, n, k, alpha, at, 1, 1, descat, bt, 1, 1, descbt, beta, c3, 1, 1, &
              descc)
  call check_gemm('PDGEMM TT', c3, descc)

  ! PDGEMM 'N' 'N' with DTYPE 2 descriptors, first blocks 17 x 23 (ScaLAPACK's PDGEMM).
  call make2(a2, desca2, m, k, 17, 23, 1)
  call make2(b2, descb2, k, n, 23, 11, 2)
  call make2(c2, descc2, m, n, 17, 11, 3)
  call pdgemm('N', 'N', m, n, k, alpha, a2, 1, 1, desca2, b2, 1, 1, descb2, beta, c2, 1, 1, &
              descc2)
  call check_gemm('PDGEMM NN DTYPE 2', c2, descc2)

  ! PDGETRF, then PDGETRS 'N' and 'T' (rmala).
  call make(lu, desclu, ns, ns, 4, .false.)
  lr = numroc(ns, nb, myrow, 0, nprow)
  allocate(ipiv(lr + nb))
  call pdgetrf(ns, ns, lu, 1, 1, desclu, ipiv, info)
  call report_info('PDGETRF', info)
  call make(x, descx, ns, nrhs, 5, .false.)
  call pdgetrs('N', ns, nrhs, lu, 1, 1, desclu, ipiv, x, 1, 1, descx, info)
  call report_info('PDGETRS N', info)
  call check_solve('PDGETRS N', x, descx, .false.)
  call make(xt, descx, ns, nrhs, 5, .false.)
  call pdgetrs('T', ns, nrhs, lu, 1, 1, desclu, ipiv, xt, 1, 1, descx, info)
  call report_info('PDGETRS T', info)
  call check_solve('PDGETRS T', xt, descx, .true.)

  ! PDGESV: its own calls to PDGETRF and PDGETRS stay inside ScaLAPACK.
  call make(sv, descsv, ns, ns, 4, .false.)
  call make(xsv, descx, ns, nrhs, 5, .false.)
  call pdgesv(ns, nrhs, sv, 1, 1, descsv, ipiv, xsv, 1, 1, descx, info)
  call report_info('PDGESV', info)
  call check_solve('PDGESV', xsv, descx, .false.)

  ! An illegal argument (IA = 0): ScaLAPACK's PDGETRF reports it, INFO = -4.
  call pdgetrf(ns, ns, sv, 0, 1, descsv, ipiv, info)
  if (info /= -4) ok = .false.
  if (myrow == 0 .and. mycol == 0) write (*, '(a, i0)') 'PDGETRF IA = 0 info ', info

  if (myrow == 0 .and. mycol == 0) then
    if (ok) then
      write (*, '(a, es10.3, a, i0, a, i0)') 'PASS worst ratio ', worst, ' grid ', nprow, ' x ', &
        npcol
    else
      write (*, '(a, es10.3, a, i0, a, i0)') 'FAIL worst ratio ', worst, ' grid ', nprow, ' x ', &
        npcol
    end if
  end if
  call blacs_gridexit(ictxt)
  call blacs_exit(0)
  if (.not. ok) error stop 1

contains

  ! Entry (i, j) of matrix number id, in [-0.5, 0.5): a hash of the indices.
  double precision function val(i, j, id)
    integer, intent(in) :: i, j, id
    integer(8) :: h
    integer :: round
    h = mod(int(i, 8) * 1000003_8 + int(j, 8) * 7919_8 + int(id, 8) * 104729_8, 2147483647_8)
    do round = 1, 4
      h = mod(h * 48271_8 + 12345_8, 2147483647_8)
      h = ieor(h, ishft(h, -11))
    end do
    val = dble(h) / 2147483647d0 - 0.5d0
  end function val

  ! The whole rows x cols matrix id.
  subroutine whole(g, rows, cols, id)
    integer, intent(in) :: rows, cols, id
    double precision, intent(out) :: g(rows, cols)
    integer :: i, j
    do j = 1, cols
      do i = 1, rows
        g(i, j) = val(i, j, id)
      end do
    end do
  end subroutine whole

  ! Owner (grid row or column) and local index of global index gi along a
  ! dimension cut in a first block of fb, then blocks of bs, dealt from src.
  subroutine place(gi, fb, bs, src, np, owner, loc)
    integer, intent(in) :: gi, fb, bs, src, np
    integer, intent(out) :: owner, loc
    integer :: blk, off
    if (gi <= fb) then
      blk = 0
      off = gi
    else
      blk = 1 + (gi - fb - 1) / bs
      off = mod(gi - fb - 1, bs) + 1
    end if
    owner = mod(src + blk, np)
    ! Earlier blocks of the same owner: blk/np of them, block 0 (size fb) among them when blk > 0.
    loc = (blk / np) * bs + off
    if (blk > 0 .and. mod(blk, np) == 0) loc = loc - bs + fb
  end subroutine place

  ! Local part of matrix id (rows x cols, nb x nb blocks from process (0,0)), the ScaLAPACK way.
  subroutine make(loc, desc, rows, cols, id, trans)
    double precision, allocatable, intent(inout) :: loc(:,:)
    integer, intent(out) :: desc(9)
    integer, intent(in) :: rows, cols, id
    logical, intent(in) :: trans
    integer :: i, j, pr, pc, li, lj, ierr
    lr = numroc(rows, nb, myrow, 0, nprow)
    lc = numroc(cols, nb, mycol, 0, npcol)
    lld = max(1, lr)
    call descinit(desc, rows, cols, nb, nb, 0, 0, ictxt, lld, ierr)
    if (allocated(loc)) deallocate(loc)
    allocate(loc(lld, max(1, lc)))
    loc = 0
    do j = 1, cols
      call place(j, nb, nb, 0, npcol, pc, lj)
      if (pc /= mycol) cycle
      do i = 1, rows
        call place(i, nb, nb, 0, nprow, pr, li)
        if (pr /= myrow) cycle
        if (trans) then
          loc(li, lj) = val(j, i, id)
        else
          loc(li, lj) = val(i, j, id)
        end if
      end do
    end do
  end subroutine make

  ! The same with an 11-entry DTYPE 2 descriptor: first block imb x inb, then nb x nb, from the
  ! last grid row and column.
  subroutine make2(loc, desc, rows, cols, imb, inb, id)
    double precision, allocatable, intent(inout) :: loc(:,:)
    integer, intent(out) :: desc(11)
    integer, intent(in) :: rows, cols, imb, inb, id
    integer :: i, j, pr, pc, li, lj
    lr = 0
    lc = 0
    do i = 1, rows
      call place(i, imb, nb, nprow - 1, nprow, pr, li)
      if (pr == myrow) lr = lr + 1
    end do
    do j = 1, cols
      call place(j, inb, nb, npcol - 1, npcol, pc, lj)
      if (pc == mycol) lc = lc + 1
    end do
    lld = max(1, lr)
    desc = (/ 2, ictxt, rows, cols, imb, inb, nb, nb, nprow - 1, npcol - 1, lld /)
    allocate(loc(lld, max(1, lc)))
    loc = 0
    do j = 1, cols
      call place(j, inb, nb, npcol - 1, npcol, pc, lj)
      if (pc /= mycol) cycle
      do i = 1, rows
        call place(i, imb, nb, nprow - 1, nprow, pr, li)
        if (pr == myrow) loc(li, lj) = val(i, j, id)
      end do
    end do
  end subroutine make2

  ! The whole matrix of a distributed one (DTYPE 1 or 2), on every process.
  subroutine gather(loc, desc, g, rows, cols)
    double precision, intent(in) :: loc(:,:)
    integer, intent(in) :: desc(:), rows, cols
    double precision, intent(out) :: g(rows, cols)
    integer :: i, j, pr, pc, li, lj, imb, inb, mb, nbl, rsrc, csrc
    if (desc(1) == 2) then
      imb = desc(5); inb = desc(6); mb = desc(7); nbl = desc(8); rsrc = desc(9); csrc = desc(10)
    else
      imb = desc(5); inb = desc(6); mb = desc(5); nbl = desc(6); rsrc = desc(7); csrc = desc(8)
    end if
    g = 0
    do j = 1, cols
      call place(j, inb, nbl, csrc, npcol, pc, lj)
      if (pc /= mycol) cycle
      do i = 1, rows
        call place(i, imb, mb, rsrc, nprow, pr, li)
        if (pr == myrow) g(i, j) = loc(li, lj)
      end do
    end do
    call dgsum2d(ictxt, 'All', ' ', rows, cols, g, rows, -1, -1)
  end subroutine gather

  double precision function norm_inf(g, rows, cols)
    integer, intent(in) :: rows, cols
    double precision, intent(in) :: g(rows, cols)
    norm_inf = maxval(sum(abs(g), dim=2))
  end function norm_inf

  subroutine record(what, ratio)
    character(*), intent(in) :: what
    double precision, intent(in) :: ratio
    if (.not. (ratio < limit)) ok = .false.
    worst = max(worst, ratio)
    if (myrow == 0 .and. mycol == 0) write (*, '(a, a, es10.3)') what, ' ratio ', ratio
  end subroutine record

  subroutine report_info(what, code)
    character(*), intent(in) :: what
    integer, intent(in) :: code
    if (code /= 0) ok = .false.
    if (myrow == 0 .and. mycol == 0) write (*, '(a, a, i0)') what, ' info ', code
  end subroutine report_info

  subroutine check_gemm(what, loc, desc)
    character(*), intent(in) :: what
    double precision, intent(in) :: loc(:,:)
    integer, intent(in) :: desc(:)
    double precision, allocatable :: gc(:,:)
    double precision :: scale
    allocate(gc(m, n))
    call gather(loc, desc, gc, m, n)
    scale = k * eps * (abs(alpha) * norm_inf(ga, m, k) * norm_inf(gb, k, n) + &
                       abs(beta) * norm_inf(gc0, m, n))
    call record(what, norm_inf(gc - gref, m, n) / scale)
  end subroutine check_gemm

  subroutine check_solve(what, loc, desc, trans)
    character(*), intent(in) :: what
    double precision, intent(in) :: loc(:,:)
    integer, intent(in) :: desc(:)
    logical, intent(in) :: trans
    double precision :: gx(ns, nrhs), res(ns, nrhs), anorm
    integer :: j
    call gather(loc, desc, gx, ns, nrhs)
    res = grhs
    if (trans) then
      call dgemm('T', 'N', ns, nrhs, ns, 1d0, gsq, ns, gx, ns, -1d0, res, ns)
      anorm = maxval(sum(abs(gsq), dim=1))
    else
      call dgemm('N', 'N', ns, nrhs, ns, 1d0, gsq, ns, gx, ns, -1d0, res, ns)
      anorm = norm_inf(gsq, ns, ns)
    end if
    r = 0
    do j = 1, nrhs
      r = max(r, maxval(abs(res(:, j))) / (anorm * maxval(abs(gx(:, j))) * ns * eps))
    end do
    call record(what, r)
  end subroutine check_solve

end program drop_in
