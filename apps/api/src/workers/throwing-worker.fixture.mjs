// A worker for the pool's tests that fails while loading, every time (a broken build, a module that throws).
throw new Error('this worker cannot start');
