package picture

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the CPU time the calling thread has used (CLOCK_THREAD_CPUTIME_ID): on a machine
// other work shares, it leaves out the time the benchmark waited for a core.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// lockThread keeps the benchmark on one thread, for threadCPU to measure it.
func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
