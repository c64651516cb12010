import { ASSUMED_ACTIVE_DISABLED } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §2.8 marketing, §3.12 redemption codes, §3.13 activities. */

/** activity_rewards.reward_kind; redemption_batches.reward_kind uses the same codes. */
const REWARD_KIND: DictValueDef[] = [
  v('1', 'Kupon', 'Coupon', '优惠券'),
  v('2', 'Poin', 'Points', '积分'),
  v('3', 'Saldo bonus', 'Bonus balance', '赠送余额'),
  v('4', 'Kartu', 'Card', '套餐卡'),
  v('5', 'Barang', 'Goods', '实物商品'),
];

export const marketingDicts: DictTypeDef[] = [
  dict(
    'activities_kind',
    ['Jenis aktivitas', 'Activity kind', '活动类型'],
    [
      v('1', 'Hadiah anggota baru', 'New-member gift', '新人礼'),
      v('2', 'Bonus isi ulang', 'Top-up bonus', '充值赠送'),
      v('3', 'Berkendara N kali dapat hadiah', 'Ride N get reward', '骑行满 N 次奖励'),
      v('4', 'Referal', 'Referral', '邀请有礼'),
      v('5', 'Absen', 'Check-in', '签到'),
      v('6', 'Hari bebas biaya', 'Free-ride day', '免费骑行日'),
      v('7', 'Undian berhadiah', 'Lucky draw', '抽奖'),
    ],
  ),
  dict(
    'activities_status',
    ['Status aktivitas', 'Activity status', '活动状态'],
    [
      v('0', 'Draf', 'Draft', '草稿', 'info'),
      v('1', 'Terjadwal', 'Scheduled', '待开始', 'warning'),
      v('2', 'Berjalan', 'Running', '进行中', 'success'),
      v('3', 'Berakhir', 'Ended', '已结束', 'info'),
      v('4', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
      v('5', 'Dijeda', 'Paused', '已暂停', 'warning'),
    ],
  ),

  dict('activity_rewards_reward_kind', ['Jenis hadiah', 'Reward kind', '奖励类型'], REWARD_KIND),

  dict(
    'activity_participations_status',
    ['Status partisipasi', 'Participation status', '参与状态'],
    [
      v('0', 'Bergabung', 'Joined', '已参与', 'primary'),
      v('1', 'Memenuhi syarat', 'Qualified', '已达标', 'warning'),
      v('2', 'Mendapat hadiah', 'Rewarded', '已发奖', 'success'),
      v('3', 'Batal', 'Void', '已作废', 'info'),
    ],
  ),

  dict('redemption_batches_reward_kind', ['Jenis hadiah', 'Reward kind', '奖励类型'], REWARD_KIND),
  dict('redemption_batches_status', ['Status batch', 'Batch status', '批次状态'], ASSUMED_ACTIVE_DISABLED),

  dict(
    'redemption_codes_status',
    ['Status kode', 'Code status', '兑换码状态'],
    [
      v('0', 'Belum ditukar', 'Unused', '未兑换', 'success'),
      v('1', 'Sudah ditukar', 'Redeemed', '已兑换', 'info'),
      v('2', 'Kedaluwarsa', 'Expired', '已过期', 'info'),
      v('3', 'Dibatalkan', 'Voided', '已作废', 'info'),
    ],
  ),
];
