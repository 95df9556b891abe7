package etcdkv

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"

	"tabuleiro/store"
)

// The duty is the right to carry out the timers: challenge expiries, idle losses, turn pings and
// the bot's pending moves. One process holds it at a time, by an etcd election on a lease: when the
// process dies or loses the cluster, its lease ends within DutyTTL and another process is elected.
// A lease alone would not do (a process paused past its lease still believes it holds it), so
// every write made under the duty is fenced: its Txn also requires the election key to still be the
// one this process created (its CreateRevision), and refuses with ErrFenced once it is not.

type duty struct {
	mu      sync.Mutex
	started bool
	held    *KV // the fenced KV while this process holds the duty
	won     chan struct{}
	stop    context.CancelFunc
	done    chan struct{}
}

// Duty is the KV fenced by this process's term as the duty's holder, or nil while another process
// holds it. The first call joins the election and waits a moment for its outcome.
func (k *KV) Duty() store.KV {
	d := k.duty
	d.mu.Lock()
	if !d.started {
		d.started = true
		d.won = make(chan struct{})
		ctx, cancel := context.WithCancel(context.Background())
		d.stop, d.done = cancel, make(chan struct{})
		go k.campaign(ctx)
	}
	won := d.won
	d.mu.Unlock()
	select {
	case <-won:
	case <-time.After(time.Second):
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.held == nil {
		return nil
	}
	return d.held
}

// campaign stands for the duty, holds it while the lease lives, and stands again after losing it.
func (k *KV) campaign(ctx context.Context) {
	d := k.duty
	defer close(d.done)
	host, _ := os.Hostname()
	id := fmt.Sprintf("%s/%d/%p", host, os.Getpid(), k)
	for ctx.Err() == nil {
		s, err := concurrency.NewSession(k.c, concurrency.WithTTL(k.dutyTTL), concurrency.WithContext(ctx))
		if err != nil {
			sleep(ctx, time.Second)
			continue
		}
		e := concurrency.NewElection(s, k.prefix+"duty")
		if err := e.Campaign(ctx, id); err != nil {
			s.Close()
			sleep(ctx, time.Second)
			continue
		}
		fenced := k.Fenced(clientv3.Compare(clientv3.CreateRevision(e.Key()), "=", e.Rev()))
		d.mu.Lock()
		d.held = fenced
		close(d.won)
		d.mu.Unlock()
		wctx, unwatch := context.WithCancel(ctx)
		select {
		case <-ctx.Done():
		case <-s.Done(): // the lease ended: another process may hold the duty now
		case <-k.deleted(wctx, e.Key(), e.Rev()): // the key went some other way (an operator)
		}
		unwatch()
		d.mu.Lock()
		d.held, d.won = nil, make(chan struct{})
		d.mu.Unlock()
		if ctx.Err() != nil {
			// Leaving at once hands the duty over now rather than when the lease ends; without a
			// quorum it cannot, and the lease ends anyway.
			rctx, cancel := context.WithTimeout(context.Background(), time.Second)
			e.Resign(rctx)
			cancel()
		}
		s.Close()
	}
}

// deleted is closed once key (created at rev) is deleted, or ctx ends.
func (k *KV) deleted(ctx context.Context, key string, rev int64) <-chan struct{} {
	gone := make(chan struct{})
	w := k.c.Watch(ctx, key, clientv3.WithRev(rev+1))
	go func() {
		defer close(gone)
		for resp := range w {
			if resp.Err() != nil {
				return
			}
			for _, ev := range resp.Events {
				if ev.Type == mvccpb.DELETE {
					return
				}
			}
		}
	}()
	return gone
}

// stopDuty leaves the election (the duty passes at once) and waits for the campaign to end.
func (k *KV) stopDuty() {
	d := k.duty
	d.mu.Lock()
	started := d.started
	d.mu.Unlock()
	if started {
		d.stop()
		<-d.done
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
