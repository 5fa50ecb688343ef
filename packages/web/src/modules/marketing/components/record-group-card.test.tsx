import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordGroupCard } from './record-group-card';

describe('a record’s group card', () => {
  it('names the group, the card, its benefit and the yuan it took off', () => {
    render(<RecordGroupCard card={{ groupName: '腾讯集团', cardNo: 'JT-0001', benefit: 'amount', discount: 500 }} />);
    expect(screen.getByText('集团卡优惠：腾讯集团 JT-0001（每次减免），优惠 5.00 元')).toBeTruthy();
  });

  it('shows nothing for a stay no card paid for', () => {
    const { container } = render(<RecordGroupCard card={null} />);
    expect(container.textContent).toBe('');
  });
});
