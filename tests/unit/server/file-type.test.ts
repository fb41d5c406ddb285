/** Content decides a file's type (issue 7 "Bad input"): table of heads and names. */
import { describe, expect, it } from 'vitest'
import { detectFileKind, extensionOf, refuseReason } from '../../../src/domain/files/file-type'
import { contentDisposition, displayName } from '../../../src/server/modules/base-file/service'

const b = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'))
const u = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'))

describe('detectFileKind', () => {
  it.each([
    ['%PDF-1.7', 'pdf'],
    ['\x89PNG\r\n\x1a\n....', 'png'],
    ['\xff\xd8\xff\xe0', 'jpeg'],
    ['GIF89a', 'gif'],
    ['RIFF\x00\x00\x00\x00WEBPVP8 ', 'webp'],
    ['PK\x03\x04', 'zip'],
    ['PK\x05\x06', 'zip'],
    ['\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', 'ole'],
    ['\x00\x00\x27\x0a\x00\x00', 'shp'],
    ['MZ\x90\x00', 'executable'],
    ['\x7fELF', 'executable'],
    ['\x1f\x8b\x08', 'archive'],
    ['Rar!\x1a\x07', 'archive'],
    ['{"type":"FeatureCollection"}', 'json'],
    ['  [1,2]', 'json'],
    ['a,b\r\n1,2\r\n', 'text'],
    ['<!doctype html><p>', 'markup'],
    ['<svg/onload=alert(1)>', 'markup'],
    ['a,b\n<SCRIPT>x</SCRIPT>', 'markup'],
    ['<?xml version="1.0"?>', 'markup'],
    ['<b>bold</b>', 'markup'],
    ['#!/usr/bin/env node', 'script'],
    ['<?php echo 1;', 'markup'],
    ['\x00\x01\x02\x03garbage', 'unknown'],
    ['', 'unknown'],
  ])('%j → %s', (head, kind) => {
    expect(detectFileKind(b(head))).toBe(kind)
  })

  it('reads GBK and UTF-8 Chinese text as text', () => {
    expect(detectFileKind(u('企业名称,信用代码\n杭州某某有限公司,91330100\n'))).toBe('text')
    expect(detectFileKind(new Uint8Array([0xc6, 0xf3, 0xd2, 0xb5, 0x2c, 0x0a]))).toBe('text')
    expect(detectFileKind(u('\uFEFF<html>'))).toBe('markup')
  })
})

describe('refuseReason', () => {
  it('accepts content that matches its extension, whatever the case of the name', () => {
    expect(refuseReason('A.XLSX', 'zip')).toBeNull()
    expect(refuseReason('data.geojson', 'json')).toBeNull()
    expect(extensionOf('dir/a.tar.gz')).toBe('.gz')
    expect(extensionOf('.hidden')).toBe('')
  })
  it('names what is wrong', () => {
    expect(refuseReason('a.png', 'markup')).toBe('文件内容是 HTML/SVG/XML 标记，出于安全原因不接受（与扩展名无关）')
    expect(refuseReason('a.png', 'pdf')).toBe('文件内容（PDF 文档）与扩展名 .png 不符')
    expect(refuseReason('noext', 'text')).toContain('不支持的文件类型「无扩展名」')
    expect(refuseReason('a.csv', 'text', ['.pdf'])).toBe('不支持的文件类型「.csv」，可上传：.pdf')
  })
})

describe('names', () => {
  it('keeps only the last segment, without control characters', () => {
    expect(displayName('..\\..\\a\r\nb.csv')).toBe('ab.csv')
    expect(displayName('/')).toBe('未命名文件')
  })
  it('encodes a Content-Disposition that cannot break the header', () => {
    expect(contentDisposition('地块 (1).xlsx')).toBe(
      `attachment; filename="__ (1).xlsx"; filename*=UTF-8''%E5%9C%B0%E5%9D%97%20%281%29.xlsx`,
    )
    expect(contentDisposition('a"b;c%.csv')).toBe(`attachment; filename="a_b_c_.csv"; filename*=UTF-8''a%22b%3Bc%25.csv`)
  })
})
