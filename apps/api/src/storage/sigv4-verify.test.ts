import { describe, expect, it } from 'vitest';
import { parseQuery, verifySigV4 } from './sigv4-verify';

// AWS's published examples (S3 API reference, "Signature Calculations for the Authorization
// Header" and "Authenticating Requests: Using Query Parameters"), verified as they were signed.
const creds = { accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const at = new Date(Date.UTC(2013, 4, 24, 0, 0, 0));
const host = 'examplebucket.s3.amazonaws.com';

const presigned =
  '/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404';
const headerSigned = {
  host,
  range: 'bytes=0-9',
  'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'x-amz-date': '20130524T000000Z',
  authorization:
    'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
};

describe('verifySigV4 on AWS examples', () => {
  it('accepts the presigned GET example and refuses it changed, expired or for another method', async () => {
    expect(await verifySigV4({ method: 'GET', url: presigned, headers: { host } }, creds, at)).toMatchObject({
      ok: true,
      mode: 'presigned',
      signedHeaders: ['host'],
    });
    const refused = async (method: string, url: string, now = at, headers: Record<string, string> = { host }) =>
      (await verifySigV4({ method, url, headers }, creds, now)).ok;
    expect(await refused('GET', presigned.replace('/test.txt', '/test2.txt'))).toBe(false);
    expect(await refused('PUT', presigned)).toBe(false);
    expect(await refused('GET', presigned.replace(/Signature=[0-9a-f]+/, `Signature=${'0'.repeat(64)}`))).toBe(false);
    expect(await refused('GET', presigned, at, { host: 'other.s3.amazonaws.com' })).toBe(false);
    expect(await refused('GET', presigned, new Date(at.getTime() + 86_401_000))).toBe(false);
    expect(await refused('GET', `${presigned}&acl=`)).toBe(false);
    expect(await refused('GET', presigned, at, { host, 'x-amz-copy-source': '/examplebucket/other' })).toBe(false);
  });

  it('accepts the Authorization header example and refuses a changed header, a late clock or another key', async () => {
    expect(await verifySigV4({ method: 'GET', url: '/test.txt', headers: headerSigned }, creds, at)).toMatchObject({ ok: true, mode: 'header' });
    const ok = async (headers: Record<string, string>, now = at, c = creds) => (await verifySigV4({ method: 'GET', url: '/test.txt', headers }, c, now)).ok;
    expect(await ok({ ...headerSigned, range: 'bytes=0-99' })).toBe(false);
    expect(await ok(headerSigned, new Date(at.getTime() + 16 * 60_000))).toBe(false);
    expect(await ok(headerSigned, at, { ...creds, secretKey: 'another' })).toBe(false);
    expect(await ok(headerSigned, at, { ...creds, accessKey: 'AKIAOTHER' })).toBe(false);
    expect(await ok({ ...headerSigned, 'x-amz-acl': 'public-read' })).toBe(false);
    const { authorization: _dropped, ...unsigned } = headerSigned;
    expect(await ok(unsigned)).toBe(false);
  });

  it('parses queries the S3 way', () => {
    expect(parseQuery('a=1&a=2&b=%2F&c')).toEqual({ a: ['1', '2'], b: '/', c: '' });
    expect(parseQuery('bad=%E0%A4%A')).toBeNull();
  });
});
