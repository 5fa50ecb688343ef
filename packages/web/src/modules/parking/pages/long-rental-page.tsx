import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { LongRentalLots } from '../components/long-rental-lots';
import { longRentalResource } from '../long-rental.resource';
import '../parking.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { longRentalResource as openingList } from '../long-rental.resource';

/** 停车场管理 > 长租车位 (menu address parkingAdmin/longRental): each lot's long-rental figures and switch, then the cards. */
export function LongRentalPage() {
  return (
    <div className="lot-page">
      <LongRentalLots />
      <ResourceListPage descriptor={longRentalResource} actionsWidth={140} />
    </div>
  );
}
