import { describe, expect, it } from 'vitest';
import { presignPut, presignQuery } from './presign';

describe('SigV4 presigning', () => {
  it('reproduces the AWS documentation example (GET test.txt, host signed)', () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
    const query = presignQuery(
      { method: 'GET', host: 'examplebucket.s3.amazonaws.com', path: '/test.txt', headers: {}, date: new Date('2013-05-24T00:00:00Z'), expiresSeconds: 86400 },
      { accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
    );
    expect(query).toContain('X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request');
    expect(query.endsWith('X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404')).toBe(true);
  });

  it('signs content type and length into PUT URLs, so changing either changes the signature', () => {
    const target = { endpoint: 'http://127.0.0.1:9000', accessKey: 'a', secretKey: 'b', region: 'us-east-1' };
    const base = { date: new Date('2026-01-01T00:00:00Z'), expiresSeconds: 300 };
    const url = presignPut(target, 'bkt', 'u/usr_1/p/proj_1/x.png', { ...base, contentType: 'image/png', contentLength: 100 });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:9000\/bkt\/u\/usr_1\/p\/proj_1\/x\.png\?/);
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const sig = (u: string) => new URL(u).searchParams.get('X-Amz-Signature');
    expect(sig(presignPut(target, 'bkt', 'u/usr_1/p/proj_1/x.png', { ...base, contentType: 'image/jpeg', contentLength: 100 }))).not.toBe(sig(url));
    expect(sig(presignPut(target, 'bkt', 'u/usr_1/p/proj_1/x.png', { ...base, contentType: 'image/png', contentLength: 101 }))).not.toBe(sig(url));
  });
});
