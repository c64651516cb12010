import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of identity checks (/user_main/userReview, the member's NIK, the app's KYC form). */
export const kycCatalogue: Catalogue = {
  'resource.kycReview': t('Verifikasi identitas', 'Identity check', '实名审核'),
  'field.kycReview.memberPhone': t('Telepon anggota', 'Member phone', '会员手机号'),
  'field.kycReview.memberId': t('Anggota', 'Member', '会员'),
  'field.kycReview.realName': t('Nama sesuai dokumen', 'Name on document', '证件姓名'),
  'field.kycReview.idType': t('Jenis identitas', 'ID type', '证件类型'),
  'field.kycReview.idNumberMasked': t('Nomor identitas', 'ID number', '证件号'),
  'field.kycReview.birthDate': t('Tanggal lahir (dari NIK)', 'Birth date (from NIK)', '出生日期（身份证）'),
  'field.kycReview.age': t('Usia', 'Age', '年龄'),
  'field.kycReview.duplicateOf': t('Sudah terverifikasi pada', 'Already verified on', '已认证于'),
  'field.kycReview.faceScore': t('Skor wajah', 'Face score', '人脸比对分'),
  'field.kycReview.status': t('Status', 'Status', '状态'),
  'field.kycReview.rejectReason': t('Alasan penolakan', 'Reject reason', '驳回原因'),
  'field.kycReview.reviewerId': t('Peninjau', 'Reviewer', '审核人'),
  'field.kycReview.reviewedAt': t('Ditinjau', 'Reviewed', '审核时间'),
  'field.kycReview.cityCode': t('Kota', 'City', '城市'),
  'field.kycReview.createdAt': t('Dikirim', 'Submitted', '提交时间'),
  'transition.approveKyc': t('Setujui', 'Approve', '通过'),
  'transition.rejectKyc': t('Tolak', 'Reject', '驳回'),
  'field.member.nikMasked': t('NIK', 'NIK', '身份证号'),
  'related.member.kycReviews': t('Verifikasi identitas', 'Identity checks', '实名审核'),
  'kyc.review.title': t('Tinjau identitas', 'Review identity', '审核身份'),
  'kyc.review.idPhoto': t('Foto dokumen', 'Document photo', '证件照片'),
  'kyc.review.selfie': t('Swafoto', 'Selfie', '自拍'),
  'kyc.review.noPhoto': t('Foto tidak dapat dimuat', 'The photo could not be loaded', '照片无法加载'),
  'kyc.review.underage': t('Di bawah {min} tahun', 'Under {min}', '未满 {min} 岁'),
  'kyc.review.duplicate': t(
    'NIK ini sudah terverifikasi pada anggota {memberNo}',
    'This NIK is already verified on member {memberNo}',
    '该身份证号已在会员 {memberNo} 上认证',
  ),
  'kyc.reveal': t('Tampilkan', 'Reveal', '显示'),
  'kyc.reveal.journalled': t(
    'Setiap tampilan dicatat di jurnal operasi.',
    'Every reveal is written to the operation journal.',
    '每次查看都会记入操作日志。',
  ),
  'kyc.reveal.none': t('Anggota ini belum punya NIK terverifikasi.', 'This member has no verified NIK.', '该会员没有已认证的身份证号。'),
  'validation.idNumber': t('Nomor tidak sesuai dengan jenis dokumen', 'The number does not fit the document type', '证件号与证件类型不符'),
  'kyc.pending': t('Masih ada pengajuan yang menunggu tinjauan', 'A submission is already waiting for review', '已有待审核的提交'),
  'kyc.verified': t('Identitas sudah terverifikasi', 'The identity is already verified', '身份已认证'),
  'kyc.duplicate': t(
    'Nomor identitas ini sudah terverifikasi pada anggota lain',
    'This ID number is already verified on another member',
    '该证件号已在其他会员上认证',
  ),
};
